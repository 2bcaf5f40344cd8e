import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  ARTICLE_KINDS,
  ARTICLE_PAGE_SIZE,
  type ArticleKind,
  helpTopicName,
  LANGUAGES,
  type Language,
  type StaffArticlePage,
} from '@shop/shared';
import { IconArticle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { positiveParam, useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useRootData } from '../../ui/preferences';
import { staffArticlesQuery } from './article-queries';

const PAGE_SIZES = [ARTICLE_PAGE_SIZE.default, 24, ARTICLE_PAGE_SIZE.max] as const;

type StaffArticleRow = StaffArticlePage['items'][number];

interface ArticleListView {
  /** The articles have no search; useListView's box stays empty. */
  search: string;
  kind: ArticleKind;
  language: Language | null;
  page: number;
  pageSize: number;
}

/** A kind from a URL's `kind`, the blog for anything else. */
export function kindOf(value: string | null): ArticleKind {
  return ARTICLE_KINDS.find((kind) => kind === value) ?? 'blog';
}

/** A language from a URL's `language`, or none. */
export function languageParam(value: string | null): Language | null {
  return LANGUAGES.find((language) => language === value) ?? null;
}

/** The list's view from the URL; anything unknown or malformed is the default. */
function readView(params: URLSearchParams): ArticleListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: '',
    kind: kindOf(params.get('kind')),
    language: languageParam(params.get('language')),
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : ARTICLE_PAGE_SIZE.default,
  };
}

/** The view as search params, defaults left out so that the plain list has a plain URL. */
function writeView(view: ArticleListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== 'blog') params.set('kind', view.kind);
  if (view.language) params.set('language', view.language);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== ARTICLE_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

/** The list of a kind (where the editor goes back to). */
export function articlesPath(kind: ArticleKind): string {
  return kind === 'blog' ? '/staff/articles' : `/staff/articles?kind=${kind}`;
}

/** The editor of a new article of the kind, in the language the list is filtered by, if any. */
function newArticlePath(kind: ArticleKind, language: Language | null): string {
  const params = new URLSearchParams({ kind });
  if (language) params.set('language', language);
  return `/staff/articles/new?${params}`;
}

const articlePath = (article: Pick<StaffArticleRow, 'id'>) => `/staff/articles/${article.id}`;

/**
 * The platform's writing (issue 17), a kind at a time: drafts and published articles, the one
 * changed last first, in every language or in one. The view is kept in the URL, as in the cp lists.
 */
export function ArticleList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { language: interfaceLanguage } = useRootData();
  const navigate = useNavigate();
  const { view, update } = useListView(readView, writeView);
  const list = useQuery(
    staffArticlesQuery({ kind: view.kind, language: view.language, page: view.page, pageSize: view.pageSize }),
  );

  const page = list.data;
  const total = page?.total ?? 0;
  const help = view.kind === 'help';
  const columns = help ? 6 : 5;
  const openRow = (event: MouseEvent, article: StaffArticleRow) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(articlePath(article));
  };

  const write = (
    <Button
      component={Link}
      to={newArticlePath(view.kind, view.language)}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="staff-article-new"
    >
      {t('staff.articles.new')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid="staff-articles-title">
            {t('staff.articles.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('staff.articles.subtitle')}
          </Text>
        </div>
        {write}
      </Group>

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="staff-articles-kind-label">
              {t('staff.articles.kindLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby="staff-articles-kind-label"
              value={view.kind}
              onChange={(kind) => update({ kind: kindOf(kind) })}
              data={ARTICLE_KINDS.map((kind) => ({ value: kind, label: t(`staff.articles.kinds.${kind}`) }))}
              data-testid="staff-articles-kind"
            />
          </Stack>
          <NativeSelect
            label={t('staff.articles.language')}
            value={view.language ?? ''}
            onChange={(event) => update({ language: languageParam(event.currentTarget.value) })}
            data={[
              { value: '', label: t('staff.articles.allLanguages') },
              ...LANGUAGES.map((language) => ({ value: language, label: t(`staff.languages.${language}`) })),
            ]}
            w={200}
            data-testid="staff-articles-language"
          />
        </Group>
      </Paper>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('staff.articles.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <ListEmpty
          filtered={view.language !== null}
          icon={<IconArticle size={32} aria-hidden />}
          title={
            view.language
              ? t('staff.articles.noMatch.title', {
                  kind: t(`staff.articles.kinds.${view.kind}`),
                  language: t(`staff.languages.${view.language}`),
                })
              : t(`staff.articles.empty.${view.kind}`)
          }
          text={t(view.language ? 'staff.articles.noMatch.text' : 'staff.articles.empty.text')}
          maw={460}
          testId={view.language ? 'staff-articles-no-match' : 'staff-articles-empty'}
        >
          <Group gap="sm" justify="center">
            <Button
              component={Link}
              to={newArticlePath(view.kind, view.language)}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="staff-articles-write-first"
            >
              {t('staff.articles.empty.write')}
            </Button>
            {view.language && (
              <Button variant="light" onClick={() => update({ language: null })}>
                {t('staff.articles.noMatch.all')}
              </Button>
            )}
          </Group>
        </ListEmpty>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="staff-articles-table"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.articles.columns.title')}</Table.Th>
                  <Table.Th>{t('staff.articles.columns.language')}</Table.Th>
                  {help && <Table.Th>{t('staff.articles.columns.topic')}</Table.Th>}
                  <Table.Th>{t('staff.articles.columns.status')}</Table.Th>
                  <Table.Th>{t('staff.articles.columns.updated')}</Table.Th>
                  <Table.Th>{t('staff.articles.columns.reading')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows columns={columns} />
                ) : (
                  page.items.map((article) => (
                    <Table.Tr
                      key={article.id}
                      onClick={(event) => openRow(event, article)}
                      style={{ cursor: 'pointer' }}
                      data-testid="staff-article-row"
                    >
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={articlePath(article)}
                          fw={600}
                          size="sm"
                          style={{ overflowWrap: 'anywhere' }}
                          data-testid="staff-article-link"
                        >
                          {article.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="staff-article-language">
                          {t(`staff.languages.${article.language}`)}
                        </Text>
                      </Table.Td>
                      {help && (
                        <Table.Td>
                          <Text size="sm" data-testid="staff-article-topic">
                            {article.topic ? helpTopicName(article.topic, i18n.language) : '—'}
                          </Text>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <PublishedBadge published={article.published} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(article.updatedAt, interfaceLanguage, timeZone, t)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t('staff.articles.minutes', { count: article.readingMinutes })}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="staff.articles"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'staff-articles-total', pagination: 'staff-articles-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** Whether visitors can read it: published, or a draft only the staff see. */
export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={published ? 'green' : 'gray'}
      data-testid="staff-article-status"
      data-published={published}
    >
      {t(published ? 'staff.articles.published' : 'staff.articles.draft')}
    </Badge>
  );
}
