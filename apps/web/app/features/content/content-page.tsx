import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { StorePageSummary } from '@shop/shared';
import { IconExternalLink, IconFileText, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { ConfirmDelete, useDeleteTarget } from '../../ui/confirm-delete';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError } from '../../ui/panel';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { MenuEditor } from './menu-editor';
import { PageEditor } from './page-editor';
import { menusQuery, pagesQuery, useDeletePage } from './queries';
import { useLinkTargets } from './targets';

export interface ContentPageProps {
  marketId: string;
  /** The store's address name: its pages are at /{marketName}/pages/{slug}. */
  marketName: string;
  timeZone: string;
}

/** The editor's address: ?page=new for a new page, ?page={id} for one of the store's. */
const PAGE_PARAM = 'page';

/** Reports whether a part of the screen (the page's form, a menu) has unsaved changes. */
export type DirtyReport = (part: string, dirty: boolean) => void;

/**
 * The store's own content (SPEC §2 cp/content): its pages, listed with a way to write a new one,
 * edit, view on the store or delete each; and its two menus. A page opens in its editor on the
 * same screen (its address says which), so the browser's back button leads back to the list; the
 * menus stay as they were meanwhile, unsaved changes included. Leaving the screen with any part
 * unsaved asks first.
 */
export function ContentPage({ marketId, marketName, timeZone }: ContentPageProps) {
  const [params] = useSearchParams();
  const editing = params.get(PAGE_PARAM);
  const dirtyParts = useRef<Record<string, boolean>>({});
  const report = useCallback<DirtyReport>((part, dirty) => {
    dirtyParts.current[part] = dirty;
  }, []);
  const anyDirty = useCallback(() => Object.values(dirtyParts.current).some(Boolean), []);
  return (
    <>
      {editing && (
        <PageEditor
          key={editing}
          marketId={marketId}
          marketName={marketName}
          id={editing === 'new' ? null : editing}
          pageParam={PAGE_PARAM}
          onDirtyChange={report}
        />
      )}
      {/* Kept while a page is open: the menus keep what was being changed in them. */}
      <Stack gap="xl" display={editing ? 'none' : undefined}>
        <PagesList marketId={marketId} marketName={marketName} timeZone={timeZone} />
        <MenusSection marketId={marketId} onDirtyChange={report} />
      </Stack>
      <UnsavedChangesGuard dirty={anyDirty} />
    </>
  );
}

function PagesList({ marketId, marketName, timeZone }: ContentPageProps) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const pages = useQuery(pagesQuery(marketId));
  const remove = useDeletePage(marketId);
  const deleting = useDeleteTarget<StorePageSummary>();
  const add = (
    <Button
      component={Link}
      to={`?${PAGE_PARAM}=new`}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="page-add"
    >
      {t('content.pages.add')}
    </Button>
  );
  const confirmDelete = () => {
    const page = deleting.target;
    if (!page) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        deleting.close();
        notice(t('content.pages.deleted', { title: page.title }));
      },
      onError: (error) => deleting.fail(errorText(error, t)),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="content-pages-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" id="content-pages-title">
            {t('content.pages.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('content.pages.hint')}
          </Text>
        </div>
        {pages.data && pages.data.length > 0 && add}
      </Group>
      {pages.isPending ? (
        <Skeleton h={160} radius="lg" aria-busy="true" aria-label={t('common.loading')} />
      ) : pages.isError ? (
        <LoadError error={pages.error} onRetry={() => pages.refetch()} />
      ) : pages.data.length === 0 ? (
        <EmptyState
          icon={<IconFileText size={30} aria-hidden />}
          title={t('content.pages.emptyTitle')}
          text={t('content.pages.emptyText')}
          action={add}
          testId="pages-empty"
        />
      ) : (
        <Paper withBorder radius="lg">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="pages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('content.pages.columns.title')}</Table.Th>
                  <Table.Th>{t('content.pages.columns.address')}</Table.Th>
                  <Table.Th>{t('content.pages.columns.updated')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('content.pages.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.data.map((page) => (
                  <Table.Tr key={page.id} data-testid="page-row" data-slug={page.slug}>
                    <Table.Td>
                      <Anchor component={Link} to={`?${PAGE_PARAM}=${page.id}`} fw={500} data-testid="page-edit">
                        {page.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        /pages/{page.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(page.updatedAt, i18n.language, timeZone, t)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('content.pages.edit')} withArrow>
                          <ActionIcon
                            component={Link}
                            to={`?${PAGE_PARAM}=${page.id}`}
                            variant="subtle"
                            color="gray"
                            aria-label={t('content.pages.editNamed', { title: page.title })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('content.pages.view')} withArrow>
                          <ActionIcon
                            component="a"
                            href={`/${marketName}/pages/${page.slug}`}
                            target="_blank"
                            rel="noopener"
                            variant="subtle"
                            color="gray"
                            aria-label={t('content.pages.viewNamed', { title: page.title })}
                            data-testid="page-view"
                          >
                            <IconExternalLink size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('content.pages.delete')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => deleting.ask(page)}
                            aria-label={t('content.pages.deleteNamed', { title: page.title })}
                            data-testid="page-delete"
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ConfirmDelete
        opened={deleting.target !== null}
        title={t('content.pages.deleteTitle')}
        text={t('content.pages.deleteText', { title: deleting.target?.title ?? '' })}
        error={deleting.error}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      />
    </Stack>
  );
}

/** The header's and the footer's menus, side by side where there is room. */
function MenusSection({ marketId, onDirtyChange }: { marketId: string; onDirtyChange: DirtyReport }) {
  const { t } = useTranslation();
  const menus = useQuery(menusQuery(marketId));
  const targets = useLinkTargets(marketId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="content-menus-title">
      <div>
        <Title order={2} size="h3" id="content-menus-title">
          {t('content.menus.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          {t('content.menus.hint')}
        </Text>
      </div>
      {menus.isPending || targets.pending ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={220} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </SimpleGrid>
      ) : menus.isError ? (
        <LoadError error={menus.error} onRetry={() => menus.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <MenuEditor
            marketId={marketId}
            location="header"
            saved={menus.data.header}
            targets={targets}
            onDirtyChange={onDirtyChange}
          />
          <MenuEditor
            marketId={marketId}
            location="footer"
            saved={menus.data.footer}
            targets={targets}
            onDirtyChange={onDirtyChange}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
