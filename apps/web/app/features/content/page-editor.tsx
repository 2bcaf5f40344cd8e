import { Anchor, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PAGE_SLUG_MAX, PAGE_TITLE_MAX, type StorePage, savePageSchema, slugify } from '@shop/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotice } from '../../ui/notice';
import { BackLink, FormActions, LoadError } from '../../ui/panel';
import { RichTextField } from '../../ui/rich-text-editor';
import { pageQuery, useDeletePage, useSavePage } from './queries';

/** The list of pages and menus (routes/cp/content.tsx). */
const CONTENT_PATH = '/cp/content';

// A type, not an interface: the resolver takes it as a plain record.
type PageValues = { title: string; slug: string; content: string };

const valuesOf = (page: StorePage | null): PageValues => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  content: page?.content ?? '',
});

interface PageEditorProps {
  marketId: string;
  marketName: string;
  /** null: a new page. */
  id: string | null;
  /** The list's query parameter that opens a page (`?page=…`). */
  pageParam: string;
  /** Tells the screen whether the page has unsaved changes (its guard asks before leaving). */
  onDirtyChange: (part: string, dirty: boolean) => void;
}

/** A page of the store opened for writing: a new one, or one read first. */
export function PageEditor({ marketId, marketName, id, pageParam, onDirtyChange }: PageEditorProps) {
  const { t } = useTranslation();
  const page = useQuery({ ...pageQuery(marketId, id ?? ''), enabled: id !== null });
  const back = { to: CONTENT_PATH, label: t('content.page.back') };
  if (id !== null && page.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={240} />
        <Skeleton h={420} radius="lg" />
      </Stack>
    );
  }
  if (id !== null && page.isError) return <LoadError error={page.error} onRetry={() => page.refetch()} back={back} />;
  return (
    <PageForm
      marketId={marketId}
      marketName={marketName}
      page={page.data ?? null}
      pageParam={pageParam}
      onDirtyChange={onDirtyChange}
    />
  );
}

/**
 * A page's title, address and text. The address is made from the title until one is typed (the
 * field shows which); the text is the policies' editor. Saved, a new page stays open as itself.
 */
function PageForm({
  marketId,
  marketName,
  page,
  pageParam,
  onDirtyChange,
}: {
  marketId: string;
  marketName: string;
  page: StorePage | null;
  pageParam: string;
  onDirtyChange: (part: string, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const save = useSavePage(marketId);
  const remove = useDeletePage(marketId);
  const resolve = localizedResolver(savePageSchema, t);
  const form = useForm<PageValues>({ initialValues: valuesOf(page), validate: (values) => resolve(values) });
  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = await save.mutateAsync({ id: page?.id ?? null, input: values });
    form.setValues(valuesOf(saved));
    form.resetDirty(valuesOf(saved));
    notice(t('content.page.saved', { title: saved.title }));
    if (!page) navigate(`?${pageParam}=${saved.id}`, { replace: true });
  });

  const titleRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    // Below a long text the title's message would be out of sight.
    if (!form.isValid('title')) titleRef.current?.focus();
  };

  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const toList = () => navigate(CONTENT_PATH);
  const cancel = () => (form.isDirty() ? setLeaving(true) : toList());
  const askDelete = () => {
    setDeleteError(null);
    setDeleting(true);
  };
  const confirmDelete = () => {
    if (!page) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        form.resetDirty();
        notice(t('content.pages.deleted', { title: page.title }));
        toList();
      },
      onError: (error) => setDeleteError(errorText(error, t)),
    });
  };

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange('page', dirty), [onDirtyChange, dirty]);
  // Closed, the page leaves nothing unsaved behind.
  useEffect(() => () => onDirtyChange('page', false), [onDirtyChange]);

  const values = form.getValues();
  const generated = slugify(values.title);
  const address = values.slug.trim().toLowerCase() || generated;
  return (
    <form onSubmit={submit} noValidate data-testid="page-form">
      <Stack gap="md">
        <Stack gap={4}>
          <BackLink to={CONTENT_PATH} label={t('content.page.back')} testId="page-back" />
          <Title order={2} size="h3" data-testid="page-form-title" style={{ overflowWrap: 'anywhere' }}>
            {page ? page.title : t('content.page.new')}
          </Title>
        </Stack>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <TextInput
              label={t('content.page.title')}
              placeholder={t('content.page.titlePlaceholder')}
              maxLength={PAGE_TITLE_MAX}
              required
              ref={titleRef}
              data-testid="page-title"
              {...form.getInputProps('title')}
            />
            <TextInput
              label={t('content.page.slug')}
              description={
                address
                  ? t('content.page.slugHint', { address: `/${marketName}/pages/${address}` })
                  : t('content.page.slugEmpty')
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={generated || t('content.page.slugPlaceholder')}
              maxLength={PAGE_SLUG_MAX}
              leftSection={
                <Text size="sm" c="dimmed" component="span">
                  /pages/
                </Text>
              }
              leftSectionWidth={64}
              autoCapitalize="none"
              spellCheck={false}
              data-testid="page-slug"
              {...form.getInputProps('slug')}
            />
            <RichTextField
              label={t('content.page.content')}
              description={t('content.page.contentHint')}
              value={values.content}
              onChange={(html) => form.setFieldValue('content', html)}
              error={form.errors.content}
              testId="page-content"
              minHeight={320}
            />
          </Stack>
        </Paper>
        {page && (
          <Group>
            <Anchor
              href={`/${marketName}/pages/${page.slug}`}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="page-form-view"
            >
              <Group gap={4} wrap="nowrap" component="span">
                {t('content.pages.view')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
        )}
        <FormActions
          onDelete={page ? askDelete : undefined}
          deleteLabel={t('content.pages.delete')}
          deleteTestId="page-form-delete"
          onCancel={cancel}
          saving={busy}
          saveTestId="page-save"
        />
      </Stack>

      <ConfirmDialog
        opened={leaving}
        title={t('cp.unsaved.title')}
        error={null}
        pending={false}
        confirmLabel={t('cp.unsaved.leave')}
        color="red"
        onConfirm={toList}
        onClose={() => setLeaving(false)}
        testId="page-leave"
      >
        <Text size="sm">{t('cp.unsaved.text')}</Text>
      </ConfirmDialog>
      <ConfirmDelete
        opened={deleting}
        title={t('content.pages.deleteTitle')}
        text={t('content.pages.deleteText', { title: page?.title ?? '' })}
        error={deleteError}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </form>
  );
}
