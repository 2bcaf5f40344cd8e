import {
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  em,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  APPLICATION_PAGE_SIZE,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  isUuid,
  type StaffApplication,
} from '@shop/shared';
import { IconChevronDown, IconChevronUp, IconDownload, IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileSize, formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { positiveParam, useListView } from '../../lib/use-list-view';
import { ChoiceFilter, CountedLabel, InboxBody, InboxPlaceholder, useLastPageKept } from '../../ui/inbox';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { vacancyPath } from './vacancy-list';
import {
  applicationKeys,
  staffApplicationsQuery,
  staffVacanciesQuery,
  useUpdateApplicationStatus,
} from './vacancy-queries';

const PAGE_SIZES = [APPLICATION_PAGE_SIZE.default, 50, APPLICATION_PAGE_SIZE.max] as const;

interface ApplicationListView {
  /** The inbox has no search; useListView's box stays empty. */
  search: string;
  vacancy: string | null;
  status: ApplicationStatus | null;
  page: number;
  pageSize: number;
}

const statusOf = (value: string | null): ApplicationStatus | null =>
  APPLICATION_STATUSES.find((status) => status === value) ?? null;
const vacancyOf = (value: string | null): string | null => (value && isUuid(value) ? value : null);

/** The inbox's view from the URL; anything unknown or malformed is the default (everything). */
function readView(params: URLSearchParams): ApplicationListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: '',
    vacancy: vacancyOf(params.get('vacancy')),
    status: statusOf(params.get('status')),
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : APPLICATION_PAGE_SIZE.default,
  };
}

/** The view as search params, defaults left out so that the whole inbox has a plain URL. */
function writeView(view: ApplicationListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.vacancy) params.set('vacancy', view.vacancy);
  if (view.status) params.set('status', view.status);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== APPLICATION_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

const STATUS_COLOR: Record<ApplicationStatus, string> = {
  received: 'blue',
  reviewing: 'yellow',
  interview: 'grape',
  offer: 'green',
  rejected: 'gray',
};

/** The answer opens as a mail of the staff member's own, its subject naming the application. */
function replyHref(application: StaffApplication): string {
  const subject = `Re: #${application.number} ${application.position}`;
  return `mailto:${encodeURIComponent(application.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Job applications (issue 17), newest first, by vacancy and status; the view is kept in the URL,
 * as in the other lists. The staff read the letter and the CV, answer by e-mail, and move each
 * application along; the applicant follows its status on /apply.
 */
export function ApplicationList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Six choices side by side are wider than a phone: there they stand one above another.
  const narrow = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  const { view, update, clearFilters } = useListView(readView, writeView);
  const vacancies = useQuery(staffVacanciesQuery());
  const list = useQuery(
    staffApplicationsQuery({
      vacancyId: view.vacancy,
      status: view.status,
      page: view.page,
      pageSize: view.pageSize,
    }),
  );

  const page = list.data;
  const filtered = view.vacancy !== null || view.status !== null;

  // Every answer counts the applications nobody looked at: the navigation's badge need not ask again.
  useEffect(() => {
    if (page) queryClient.setQueryData(applicationKeys.received, page.received);
  }, [page, queryClient]);

  // An application moved out of the filter can empty the last page.
  useLastPageKept(list, view.page, view.pageSize, (last) => update({ page: last }, true));

  const vacancyOptions = (vacancies.data ?? []).map((vacancy) => ({
    value: vacancy.id,
    label: `${vacancy.position} · ${t(`staff.languages.${vacancy.language}`)}`,
  }));
  // A link to a vacancy that is gone still names what it filters by.
  if (view.vacancy && vacancies.data && !vacancyOptions.some((option) => option.value === view.vacancy)) {
    vacancyOptions.push({ value: view.vacancy, label: t('hiring.applications.unknownVacancy') });
  }

  const received = page?.received ?? 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="staff-applications-title">
          {t('hiring.applications.title')}
        </Title>
        <Text c="dimmed" maw={760}>
          {t('hiring.applications.subtitle')}
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <Group align="flex-end" gap="lg">
          <NativeSelect
            label={t('hiring.applications.vacancyLabel')}
            value={view.vacancy ?? ''}
            onChange={(event) => update({ vacancy: vacancyOf(event.currentTarget.value) })}
            data={[{ value: '', label: t('hiring.applications.allVacancies') }, ...vacancyOptions]}
            disabled={!vacancies.data && !vacancies.isError}
            w={narrow ? '100%' : 300}
            data-testid="staff-applications-vacancy"
          />
          <ChoiceFilter
            id="staff-applications-status-label"
            label={t('hiring.applications.statusLabel')}
            narrow={narrow}
            value={view.status ?? 'all'}
            onChange={(status) => update({ status: statusOf(status) })}
            data={[null, ...APPLICATION_STATUSES].map((status) => ({
              value: status ?? 'all',
              label: (
                <CountedLabel
                  label={t(`hiring.applications.statusFilter.${status ?? 'all'}`)}
                  count={status === 'received' ? received : 0}
                  countText={t('hiring.applications.receivedCount', { count: received })}
                  testId="staff-applications-received"
                />
              ),
            }))}
            data-testid="staff-applications-status"
          />
        </Group>
      </Paper>

      <InboxBody
        list={list}
        filtered={filtered}
        retryLabel={t('hiring.retry')}
        empty={{
          icon: <IconUsers size={32} aria-hidden />,
          title: t(filtered ? 'hiring.applications.noMatch.title' : 'hiring.applications.empty.title'),
          text: t(filtered ? 'hiring.applications.noMatch.text' : 'hiring.applications.empty.text'),
          testId: filtered ? 'staff-applications-no-match' : 'staff-applications-empty',
          clearLabel: t('hiring.applications.noMatch.clear'),
          onClear: () => clearFilters({ vacancy: null, status: null }),
        }}
        testId="staff-applications-list"
        placeholder={<InboxPlaceholder />}
        item={(application) => <ApplicationItem application={application} timeZone={timeZone} />}
        footer={{
          keyPrefix: 'hiring.applications',
          page: view.page,
          pageSize: view.pageSize,
          pageSizes: PAGE_SIZES,
          onPage: (next) => update({ page: next }),
          onPageSize: (size) => update({ pageSize: size }),
          testIds: { total: 'staff-applications-total', pagination: 'staff-applications-pagination' },
        }}
      />
    </Stack>
  );
}

/**
 * One application: who, for what and how to reach them, its status (saved as it is chosen), and
 * the motivation letter with the CV, opened on request.
 */
function ApplicationItem({ application, timeZone }: { application: StaffApplication; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const move = useUpdateApplicationStatus();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  const fullName = `${application.name} ${application.surname}`;

  // Awaited rather than mutate's callbacks: an application moved out of the filter is gone from
  // the list (this item unmounted) by the time the refreshed list arrives, and the notice must still say so.
  const setStatus = async (status: ApplicationStatus) => {
    try {
      const saved = await move.mutateAsync({ id: application.id, status });
      notice(
        t('hiring.applications.moved', {
          number: saved.number,
          status: t(`hiring.statuses.${saved.status}`),
        }),
      );
    } catch (error) {
      notice(errorText(error, t), 'error');
    }
  };

  return (
    <Stack
      component="article"
      aria-labelledby={headingId}
      gap="sm"
      p="md"
      data-testid="staff-application"
      data-number={application.number}
      data-status={application.status}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" align="center" miw={0}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <span data-testid="staff-application-number">#{application.number}</span>{' '}
            <span data-testid="staff-application-name">{fullName}</span>
          </Title>
          <Badge variant="light" color={STATUS_COLOR[application.status]} data-testid="staff-application-status">
            {t(`hiring.statuses.${application.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={application.createdAt} data-testid="staff-application-date">
            {formatDateTime(application.createdAt, language, timeZone, t)}
          </time>
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('hiring.applications.position')}>
          <Anchor
            component={Link}
            to={vacancyPath({ id: application.vacancyId })}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="staff-application-position"
          >
            {application.position}
          </Anchor>
        </Field>
        <Field label={t('hiring.applications.email')}>
          <Anchor
            href={replyHref(application)}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            title={t('hiring.applications.reply')}
            data-testid="staff-application-email"
          >
            {application.email}
          </Anchor>
        </Field>
        <Field label={t('hiring.applications.phone')}>
          <Anchor
            href={`tel:${application.phoneNumber.replace(/[^\d+]/g, '')}`}
            size="sm"
            data-testid="staff-application-phone"
          >
            {application.phoneNumber}
          </Anchor>
        </Field>
        <NativeSelect
          label={t('hiring.applications.status')}
          size="xs"
          value={application.status}
          disabled={move.isPending}
          onChange={(event) => {
            const status = statusOf(event.currentTarget.value);
            if (status && status !== application.status) void setStatus(status);
          }}
          data={APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`hiring.statuses.${status}`) }))}
          data-testid="staff-application-status-select"
        />
      </SimpleGrid>

      <Box>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={detailsId}
          rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          data-testid="staff-application-more"
        >
          {t(open ? 'hiring.applications.hideLetter' : 'hiring.applications.showLetter')}
        </Button>
        <Collapse in={open} id={detailsId}>
          <Stack gap="sm" pt="xs">
            <div>
              <Text size="xs" c="dimmed" fw={500}>
                {t('hiring.applications.letter')}
              </Text>
              {/* Plain text as the applicant typed it, line breaks kept: never read as HTML. */}
              <Text
                component="div"
                size="sm"
                p="sm"
                bg="var(--mantine-color-default-hover)"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 'var(--mantine-radius-md)' }}
                data-testid="staff-application-letter"
              >
                {application.motivationLetter}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap" align="center">
              <Button
                component="a"
                href={application.cvUrl}
                download={application.cvName}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                data-testid="staff-application-cv"
              >
                {t('hiring.applications.downloadCv')}
              </Button>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="staff-application-cv-name">
                {application.cvName} · {fileSize(application.cvBytes, language)}
              </Text>
            </Group>
          </Stack>
        </Collapse>
      </Box>
    </Stack>
  );
}

/** A labelled value of an application. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </div>
  );
}
