import {
  Anchor,
  AspectRatio,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ARTICLE_KINDS,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE,
  type ArticleKind,
  HELP_TOPICS,
  type HelpTopic,
  helpTopicName,
  LANGUAGES,
  type Language,
  type SaveArticleInput,
  type StaffArticle,
  saveArticleSchema,
  videoEmbedUrl,
} from '@shop/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/display';
import { localizedResolver } from '../../lib/form';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ImageUpload } from '../../ui/image-upload';
import { BackLink, FormActions } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';
import { useRecordEditor } from '../../ui/record-editor';
import { RichTextField } from '../../ui/rich-text-editor';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { articlesPath, PublishedBadge } from './article-list';
import { useDeleteArticle, useSaveArticle } from './article-queries';

/** Where visitors read a published article of each kind (routes/site). */
const PUBLIC_PATHS: Record<ArticleKind, string> = {
  blog: '/blogs',
  tutorial: '/tutorials',
  help: '/help-center',
};

// A type, not an interface: the resolver takes it as a plain record.
type ArticleValues = {
  kind: ArticleKind;
  language: Language;
  title: string;
  summary: string;
  body: string;
  coverUrl: string | null;
  /** '' for none, as the field holds it. */
  videoUrl: string;
  topic: HelpTopic | null;
  published: boolean;
};

const valuesOf = (article: StaffArticle): ArticleValues => ({
  kind: article.kind,
  language: article.language,
  title: article.title,
  summary: article.summary,
  body: article.body,
  coverUrl: article.coverUrl,
  videoUrl: article.videoUrl ?? '',
  topic: article.topic,
  published: article.published,
});

const emptyValues = (kind: ArticleKind, language: Language): ArticleValues => ({
  kind,
  language,
  title: '',
  summary: '',
  body: '',
  coverUrl: null,
  videoUrl: '',
  topic: null,
  published: false,
});

/** What the API takes: a video only for a tutorial and a topic only for a help article (a kind's fields left behind by switching kinds go). */
function toInput(values: ArticleValues): SaveArticleInput {
  return {
    kind: values.kind,
    language: values.language,
    title: values.title,
    summary: values.summary,
    body: values.body,
    coverUrl: values.coverUrl,
    videoUrl: values.kind === 'tutorial' ? values.videoUrl.trim() || null : null,
    topic: values.kind === 'help' ? values.topic : null,
    published: values.published,
  };
}

interface ArticleFormProps {
  /** The saved article; null for a new one. */
  article: StaffArticle | null;
  /** A new article's kind and language at first (the list's, or the URL's). */
  initial?: { kind: ArticleKind; language: Language };
  timeZone: string;
}

/**
 * A blog post, a tutorial or a help article (issue 17), written in one language: its title,
 * summary, cover and text (pictures in it for a tutorial's steps), a tutorial's video and a help
 * article's topic. Checked with the shared schema, the server's field errors shown at their
 * fields; a draft until "Visible on the site" is on. Leaving with unsaved changes asks first.
 */
export function ArticleForm({ article, initial, timeZone }: ArticleFormProps) {
  const { t, i18n } = useTranslation();
  const { language: interfaceLanguage } = useRootData();
  const navigate = useNavigate();
  const save = useSaveArticle();
  const remove = useDeleteArticle();

  const resolve = localizedResolver(saveArticleSchema, t);
  const form = useForm<ArticleValues>({
    initialValues: article
      ? valuesOf(article)
      : emptyValues(initial?.kind ?? 'blog', initial?.language ?? interfaceLanguage),
    // A pasted video address is checked as soon as the field is left: its player shows or it does not.
    validateInputOnBlur: ['videoUrl'],
    validate: (values) => {
      const errors: Record<string, ReactNode> = resolve(toInput(values));
      // The schema's rule across fields runs only once every field parses; all messages show at once.
      if (values.kind === 'help' && !values.topic) errors.topic ??= t('messages:required');
      return errors;
    },
  });

  const { formRef, submit, busy, isDirty, deletion, askDelete } = useRecordEditor({
    form,
    record: article,
    valuesOf,
    save: (values) => save.mutateAsync({ id: article?.id ?? null, input: toInput(values) }),
    savedText: (saved) =>
      t(saved.published ? 'staff.article.savedPublished' : 'staff.article.savedDraft', { title: saved.title }),
    pathOf: (saved) => `/staff/articles/${saved.id}`,
    remove,
    removed: (gone) => ({ text: t('staff.article.deleted', { title: gone.title }), to: articlesPath(gone.kind) }),
  });

  const values = form.getValues();
  const kind = values.kind;
  const titleLength = values.title.trim().length;
  const summaryLength = values.summary.trim().length;
  const embed = kind === 'tutorial' && values.videoUrl.trim() ? videoEmbedUrl(values.videoUrl) : null;
  const publicPath = article ? `${PUBLIC_PATHS[article.kind]}/${article.id}` : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="article-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <BackLink
            to={articlesPath(article?.kind ?? kind)}
            label={t(`staff.articles.kinds.${article?.kind ?? kind}`)}
            testId="article-back"
          />
          <Group justify="space-between" align="flex-end" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={1} size="h2" data-testid="article-form-title" style={{ overflowWrap: 'anywhere' }}>
                {article ? article.title : t(`staff.article.new.${kind}`)}
              </Title>
              {article && (
                <Group gap="xs" mt={4}>
                  <PublishedBadge published={article.published} />
                  <Text size="sm" c="dimmed">
                    {article.author
                      ? t('staff.article.updatedBy', {
                          date: formatDateTime(article.updatedAt, interfaceLanguage, timeZone, t),
                          name: article.author,
                        })
                      : t('staff.article.updated', {
                          date: formatDateTime(article.updatedAt, interfaceLanguage, timeZone, t),
                        })}
                  </Text>
                </Group>
              )}
            </div>
            {article?.published && publicPath && (
              <Anchor href={publicPath} target="_blank" rel="noopener" size="sm" data-testid="article-view">
                <Group gap={4} wrap="nowrap" component="span">
                  {t('staff.article.view')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Group>
        </Stack>

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Stack gap={4}>
                  <TextInput
                    label={t('staff.article.title')}
                    maxLength={ARTICLE_TITLE.max}
                    required
                    data-testid="article-title"
                    {...form.getInputProps('title')}
                  />
                  <Text
                    size="xs"
                    c={titleLength < ARTICLE_TITLE.min ? 'dimmed' : 'green.8'}
                    ta="right"
                    data-testid="article-title-count"
                  >
                    {t('staff.article.titleCount', {
                      length: titleLength,
                      min: ARTICLE_TITLE.min,
                      max: ARTICLE_TITLE.max,
                    })}
                  </Text>
                </Stack>
                <Stack gap={4}>
                  <Textarea
                    label={t('staff.article.summary')}
                    description={t('staff.article.summaryHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    autosize
                    minRows={2}
                    maxRows={6}
                    maxLength={ARTICLE_SUMMARY_MAX}
                    data-testid="article-summary"
                    {...form.getInputProps('summary')}
                  />
                  <Text size="xs" c="dimmed" ta="right" data-testid="article-summary-count">
                    {t('staff.article.summaryCount', { length: summaryLength, max: ARTICLE_SUMMARY_MAX })}
                  </Text>
                </Stack>
                {kind === 'tutorial' && (
                  <Stack gap="xs">
                    <TextInput
                      label={t('staff.article.video')}
                      description={t('staff.article.videoHint')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      placeholder="https://www.youtube.com/watch?v=…"
                      type="url"
                      inputMode="url"
                      autoCapitalize="none"
                      spellCheck={false}
                      maxLength={500}
                      data-testid="article-video"
                      {...form.getInputProps('videoUrl')}
                    />
                    {embed && !form.errors.videoUrl && (
                      <AspectRatio ratio={16 / 9} maw={560} data-testid="article-video-preview">
                        <iframe
                          src={embed}
                          title={t('staff.article.videoPreview')}
                          loading="lazy"
                          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                          referrerPolicy="strict-origin-when-cross-origin"
                          style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
                        />
                      </AspectRatio>
                    )}
                  </Stack>
                )}
                <RichTextField
                  label={t('staff.article.body')}
                  description={t(`staff.article.bodyHint.${kind}`)}
                  value={values.body}
                  onChange={(html) => form.setFieldValue('body', html)}
                  error={form.errors.body}
                  testId="article-body"
                  minHeight={360}
                  images
                />
              </Stack>
            </Paper>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Switch
                  label={t('staff.article.published')}
                  description={t(values.published ? 'staff.article.publishedOn' : 'staff.article.publishedOff')}
                  data-testid="article-published"
                  {...form.getInputProps('published', { type: 'checkbox' })}
                />
                {!article && (
                  <Stack gap={6}>
                    <Text size="sm" fw={500} id="article-kind-label">
                      {t('staff.article.kind')}
                    </Text>
                    <SegmentedControl
                      fullWidth
                      orientation="vertical"
                      aria-labelledby="article-kind-label"
                      data={ARTICLE_KINDS.map((k) => ({ value: k, label: t(`staff.article.kinds.${k}`) }))}
                      data-testid="article-kind"
                      value={kind}
                      onChange={(value) => form.setFieldValue('kind', ARTICLE_KINDS.find((k) => k === value) ?? 'blog')}
                    />
                    <Text size="xs" c="dimmed">
                      {t('staff.article.kindHint')}
                    </Text>
                  </Stack>
                )}
                <NativeSelect
                  label={t('staff.article.language')}
                  description={t('staff.article.languageHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data={LANGUAGES.map((l) => ({ value: l, label: t(`staff.languages.${l}`) }))}
                  data-testid="article-language"
                  {...form.getInputProps('language')}
                />
                {kind === 'help' && (
                  <NativeSelect
                    label={t('staff.article.topic')}
                    description={t('staff.article.topicHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    required
                    data={[
                      { value: '', label: t('staff.article.topicPlaceholder'), disabled: true },
                      ...HELP_TOPICS.map((topic) => ({ value: topic, label: helpTopicName(topic, i18n.language) })),
                    ]}
                    data-testid="article-topic"
                    {...form.getInputProps('topic')}
                    value={values.topic ?? ''}
                    onChange={(event) =>
                      form.setFieldValue(
                        'topic',
                        HELP_TOPICS.find((topic) => topic === event.currentTarget.value) ?? null,
                      )
                    }
                  />
                )}
                <ImageUpload
                  label={t('staff.article.cover')}
                  description={t('staff.article.coverHint')}
                  value={values.coverUrl}
                  onChange={(url) => form.setFieldValue('coverUrl', url)}
                  error={form.errors.coverUrl}
                  testId="article-cover"
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>

        <FormActions
          onDelete={askDelete}
          deleteLabel={t('staff.article.delete')}
          deleteTestId="article-delete"
          onCancel={() => navigate(articlesPath(article?.kind ?? kind))}
          saving={busy}
          saveTestId="article-save"
        />
      </Stack>

      <UnsavedChangesGuard dirty={isDirty} />
      <ConfirmDelete
        {...deletion}
        title={t('staff.article.deleteTitle')}
        text={t(article?.published ? 'staff.article.deleteTextPublished' : 'staff.article.deleteText', {
          title: article?.title ?? '',
        })}
      />
    </form>
  );
}
