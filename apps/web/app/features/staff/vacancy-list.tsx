import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { LANGUAGES, type Language, type StaffVacancy } from '@shop/shared';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { pageCount, positiveParam, useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { useRootData } from '../../ui/preferences';
import { languageParam } from './article-list';
import { staffVacanciesQuery } from './vacancy-queries';

const PAGE_SIZES = [20, 50, 100] as const;

interface VacancyListView {
  /** The vacancies have no search; useListView's box stays empty. */
  search: string;
  language: Language | null;
  page: number;
  pageSize: number;
}

/** The list's view from the URL; anything unknown or malformed is the default. */
function readView(params: URLSearchParams): VacancyListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: '',
    language: languageParam(params.get('language')),
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** The view as search params, defaults left out so that the plain list has a plain URL. */
function writeView(view: VacancyListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.language) params.set('language', view.language);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(view.pageSize));
  return params;
}

export const VACANCIES_PATH = '/staff/vacancies';
export const vacancyPath = (vacancy: Pick<StaffVacancy, 'id'>) => `${VACANCIES_PATH}/${vacancy.id}`;
/** The inbox narrowed to one vacancy's applications. */
export const applicationsOf = (vacancy: Pick<StaffVacancy, 'id'>) => `/staff/applications?vacancy=${vacancy.id}`;

/** A new vacancy's editor, in the language the list is filtered by, if any. */
function newVacancyPath(language: Language | null): string {
  return language ? `${VACANCIES_PATH}/new?language=${language}` : `${VACANCIES_PATH}/new`;
}

/**
 * The platform's vacancies (issue 17), drafts and published, the one changed last first, in every
 * language or in one. The server sends them all (there are few); the pages are cut here, and the
 * view is kept in the URL as in the other lists.
 */
export function VacancyList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { language: interfaceLanguage } = useRootData();
  const navigate = useNavigate();
  const { view, update } = useListView(readView, writeView);
  const list = useQuery(staffVacanciesQuery());

  const rows = list.data?.filter((vacancy) => !view.language || vacancy.language === view.language);
  const total = rows?.length ?? 0;
  // A page past the end (a link kept after vacancies went) shows the last one.
  const page = Math.min(view.page, pageCount(total, view.pageSize));
  const shown = rows?.slice((page - 1) * view.pageSize, page * view.pageSize);
  const openRow = (event: MouseEvent, vacancy: StaffVacancy) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(vacancyPath(vacancy));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid="staff-vacancies-title">
            {t('hiring.vacancies.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('hiring.vacancies.subtitle')}
          </Text>
        </div>
        <Button
          component={Link}
          to={newVacancyPath(view.language)}
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="staff-vacancy-new"
        >
          {t('hiring.vacancies.new')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" p="md">
        <NativeSelect
          label={t('hiring.vacancies.language')}
          value={view.language ?? ''}
          onChange={(event) => update({ language: languageParam(event.currentTarget.value) })}
          data={[
            { value: '', label: t('hiring.vacancies.allLanguages') },
            ...LANGUAGES.map((language) => ({ value: language, label: t(`staff.languages.${language}`) })),
          ]}
          w={200}
          data-testid="staff-vacancies-language"
        />
      </Paper>

      {list.isError && !list.data ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('hiring.retry')}
          </Button>
        </Alert>
      ) : rows && total === 0 ? (
        <ListEmpty
          filtered={view.language !== null}
          icon={<IconBriefcase size={32} aria-hidden />}
          title={
            view.language
              ? t('hiring.vacancies.noMatch.title', { language: t(`staff.languages.${view.language}`) })
              : t('hiring.vacancies.empty.title')
          }
          text={t(view.language ? 'hiring.vacancies.noMatch.text' : 'hiring.vacancies.empty.text')}
          maw={460}
          testId={view.language ? 'staff-vacancies-no-match' : 'staff-vacancies-empty'}
        >
          <Group gap="sm" justify="center">
            <Button
              component={Link}
              to={newVacancyPath(view.language)}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="staff-vacancies-write-first"
            >
              {t('hiring.vacancies.empty.write')}
            </Button>
            {view.language && (
              <Button variant="light" onClick={() => update({ language: null })}>
                {t('hiring.vacancies.noMatch.all')}
              </Button>
            )}
          </Group>
        </ListEmpty>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={760}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              data-testid="staff-vacancies-table"
              aria-busy={list.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('hiring.vacancies.columns.position')}</Table.Th>
                  <Table.Th>{t('hiring.vacancies.columns.language')}</Table.Th>
                  <Table.Th>{t('hiring.vacancies.columns.workHours')}</Table.Th>
                  <Table.Th>{t('hiring.vacancies.columns.status')}</Table.Th>
                  <Table.Th>{t('hiring.vacancies.columns.posted')}</Table.Th>
                  <Table.Th ta="right">{t('hiring.vacancies.columns.applications')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!shown ? (
                  <SkeletonRows columns={6} />
                ) : (
                  shown.map((vacancy) => (
                    <Table.Tr
                      key={vacancy.id}
                      onClick={(event) => openRow(event, vacancy)}
                      style={{ cursor: 'pointer' }}
                      data-testid="staff-vacancy-row"
                    >
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={vacancyPath(vacancy)}
                          fw={600}
                          size="sm"
                          style={{ overflowWrap: 'anywhere' }}
                          data-testid="staff-vacancy-link"
                        >
                          {vacancy.position}
                        </Anchor>
                        {vacancy.location && (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {vacancy.location}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="staff-vacancy-language">
                          {t(`staff.languages.${vacancy.language}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="staff-vacancy-hours">
                          {vacancy.workHours}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <VacancyBadge published={vacancy.published} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="staff-vacancy-posted">
                          {vacancy.publishedAt ? formatDate(vacancy.publishedAt, interfaceLanguage, timeZone, t) : '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        {vacancy.applications > 0 ? (
                          <Anchor
                            component={Link}
                            to={applicationsOf(vacancy)}
                            size="sm"
                            fw={600}
                            aria-label={t('hiring.vacancies.applicationsOf', {
                              count: vacancy.applications,
                              position: vacancy.position,
                            })}
                            data-testid="staff-vacancy-applications"
                          >
                            {vacancy.applications}
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed" data-testid="staff-vacancy-applications">
                            0
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="hiring.vacancies"
            total={total}
            page={page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'staff-vacancies-total', pagination: 'staff-vacancies-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** Open to applicants, or a draft only the staff see. */
export function VacancyBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={published ? 'green' : 'gray'}
      data-testid="staff-vacancy-status"
      data-published={published}
    >
      {t(published ? 'hiring.vacancies.published' : 'hiring.vacancies.draft')}
    </Badge>
  );
}
