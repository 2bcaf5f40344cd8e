import {
  Anchor,
  Badge,
  Box,
  Button,
  em,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  helpTopicName,
  SITE_REQUEST_KINDS,
  SITE_REQUEST_PAGE_SIZE,
  SITE_REQUEST_STATUSES,
  type SiteRequest,
  type SiteRequestKind,
  type SiteRequestStatus,
} from '@shop/shared';
import { IconCheck, IconInbox, IconLock, IconRotate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/display';
import { errorText } from '../../lib/form';
import { positiveParam, useListView } from '../../lib/use-list-view';
import { ChoiceFilter, CountedLabel, InboxBody, InboxPlaceholder, useLastPageKept } from '../../ui/inbox';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { requestKeys, staffRequestsQuery, useUpdateRequestStatus } from './request-queries';

const PAGE_SIZES = [SITE_REQUEST_PAGE_SIZE.default, 50, SITE_REQUEST_PAGE_SIZE.max] as const;

/** A message longer than this (in characters or lines) opens collapsed to its beginning. */
const LONG = { chars: 600, lines: 10 } as const;
const PREVIEW = { chars: 400, lines: 6 } as const;

interface RequestListView {
  /** The inbox has no search; useListView's box stays empty. */
  search: string;
  kind: SiteRequestKind | null;
  status: SiteRequestStatus | null;
  page: number;
  pageSize: number;
}

const kindOf = (value: string | null): SiteRequestKind | null =>
  SITE_REQUEST_KINDS.find((kind) => kind === value) ?? null;
const statusOf = (value: string | null): SiteRequestStatus | null =>
  SITE_REQUEST_STATUSES.find((status) => status === value) ?? null;

/** The inbox's view from the URL; anything unknown or malformed is the default (everything). */
function readView(params: URLSearchParams): RequestListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: '',
    kind: kindOf(params.get('kind')),
    status: statusOf(params.get('status')),
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : SITE_REQUEST_PAGE_SIZE.default,
  };
}

/** The view as search params, defaults left out so that the whole inbox has a plain URL. */
function writeView(view: RequestListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind) params.set('kind', view.kind);
  if (view.status) params.set('status', view.status);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== SITE_REQUEST_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

/**
 * The answer is an e-mail of the staff member's own: the address opens it with the request's
 * number in the subject, so that the thread and the inbox name the same request.
 */
function replyHref(request: SiteRequest): string {
  const about = request.subject ?? (request.topic ? helpTopicName(request.topic, request.language) : '');
  const subject = `Re: #${request.number}${about ? ` ${about}` : ''}`;
  return `mailto:${encodeURIComponent(request.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}

/** The beginning of a long message, cut at a word, or null when it is short enough to show whole. */
function previewOf(message: string): string | null {
  const lines = message.split('\n');
  if (message.length <= LONG.chars && lines.length <= LONG.lines) return null;
  let head = lines.slice(0, PREVIEW.lines).join('\n');
  if (head.length > PREVIEW.chars) {
    head = head.slice(0, PREVIEW.chars);
    const space = head.search(/\s\S*$/);
    if (space > PREVIEW.chars / 2) head = head.slice(0, space);
  }
  return `${head.trimEnd()}…`;
}

const STATUS_COLOR: Record<SiteRequestStatus, string> = { new: 'blue', answered: 'green', closed: 'gray' };
const ACTION_ICON: Record<SiteRequestStatus, ReactNode> = {
  answered: <IconCheck size={16} aria-hidden />,
  closed: <IconLock size={16} aria-hidden />,
  new: <IconRotate size={16} aria-hidden />,
};

/**
 * Visitors' help requests and contact messages (issue 17), newest first, by kind and status; the
 * view is kept in the URL, as in the other lists. The staff answer by e-mail and mark here what
 * became of each.
 */
export function RequestList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Four choices side by side are wider than a phone: there they stand one above another.
  const narrow = useMediaQuery(`(max-width: ${em(575)})`, false, { getInitialValueInEffect: false });
  const { view, update, clearFilters } = useListView(readView, writeView);
  const list = useQuery(
    staffRequestsQuery({ kind: view.kind, status: view.status, page: view.page, pageSize: view.pageSize }),
  );

  const page = list.data;
  const filtered = view.kind !== null || view.status !== null;

  // Every answer counts the new ones: the navigation's badge need not ask again.
  useEffect(() => {
    if (page) queryClient.setQueryData(requestKeys.unanswered, page.unanswered.help + page.unanswered.contact);
  }, [page, queryClient]);

  // A request marked away from the filter can empty the last page.
  useLastPageKept(list, view.page, view.pageSize, (last) => update({ page: last }, true));

  const newCount = (kind: SiteRequestKind | null) =>
    page ? (kind ? page.unanswered[kind] : page.unanswered.help + page.unanswered.contact) : 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="staff-requests-title">
          {t('staff.requests.title')}
        </Title>
        <Text c="dimmed" maw={760}>
          {t('staff.requests.subtitle')}
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <Group align="flex-end" gap="lg">
          <ChoiceFilter
            id="staff-requests-kind-label"
            label={t('staff.requests.kindLabel')}
            narrow={narrow}
            value={view.kind ?? 'all'}
            onChange={(kind) => update({ kind: kindOf(kind) })}
            data={[null, ...SITE_REQUEST_KINDS].map((kind) => ({
              value: kind ?? 'all',
              label: (
                <CountedLabel
                  label={t(`staff.requests.kindFilter.${kind ?? 'all'}`)}
                  count={newCount(kind)}
                  countText={t('staff.requests.newCount', { count: newCount(kind) })}
                  testId={`staff-requests-new-${kind ?? 'all'}`}
                />
              ),
            }))}
            data-testid="staff-requests-kind"
          />
          <ChoiceFilter
            id="staff-requests-status-label"
            label={t('staff.requests.statusLabel')}
            narrow={narrow}
            value={view.status ?? 'all'}
            onChange={(status) => update({ status: statusOf(status) })}
            data={[null, ...SITE_REQUEST_STATUSES].map((status) => ({
              value: status ?? 'all',
              label: t(`staff.requests.statusFilter.${status ?? 'all'}`),
            }))}
            data-testid="staff-requests-status"
          />
        </Group>
      </Paper>

      <InboxBody
        list={list}
        filtered={filtered}
        retryLabel={t('staff.requests.retry')}
        empty={{
          icon: <IconInbox size={32} aria-hidden />,
          title: filtered
            ? t(`staff.requests.noMatch.${view.status ?? 'all'}.${view.kind ?? 'all'}`)
            : t('staff.requests.empty.title'),
          text: filtered
            ? t(view.status === 'new' ? 'staff.requests.noMatch.textNew' : 'staff.requests.noMatch.text')
            : t('staff.requests.empty.text'),
          testId: filtered ? 'staff-requests-no-match' : 'staff-requests-empty',
          clearLabel: t('staff.requests.noMatch.clear'),
          onClear: () => clearFilters({ kind: null, status: null }),
        }}
        testId="staff-requests-list"
        placeholder={<InboxPlaceholder message />}
        item={(request) => <RequestItem request={request} timeZone={timeZone} />}
        footer={{
          keyPrefix: 'staff.requests',
          page: view.page,
          pageSize: view.pageSize,
          pageSizes: PAGE_SIZES,
          onPage: (next) => update({ page: next }),
          onPageSize: (size) => update({ pageSize: size }),
          testIds: { total: 'staff-requests-total', pagination: 'staff-requests-pagination' },
        }}
      />
    </Stack>
  );
}

/** One request: who sent it and how to reach them, what about, the message, and what became of it. */
function RequestItem({ request, timeZone }: { request: SiteRequest; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const mark = useUpdateRequestStatus();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const messageId = useId();
  const preview = previewOf(request.message);
  const kind = t(`staff.requests.kinds.${request.kind}`);

  // Awaited rather than mutate's callbacks: a request marked out of the filter is gone from the
  // list (this item unmounted) by the time the refreshed list arrives, and the notice must still say so.
  const setStatus = async (status: SiteRequestStatus) => {
    try {
      const saved = await mark.mutateAsync({ id: request.id, status });
      notice(t(`staff.requests.marked.${saved.status}`, { number: saved.number }));
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
      data-testid="staff-request"
      data-number={request.number}
      data-status={request.status}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" align="center">
          <Title order={2} size="h4" id={headingId}>
            <span data-testid="staff-request-number">#{request.number}</span>
            <VisuallyHidden> {kind}</VisuallyHidden>
          </Title>
          <Badge variant="outline" color={request.kind === 'help' ? 'cyan' : 'grape'} data-testid="staff-request-kind">
            {kind}
          </Badge>
          <Badge variant="light" color={STATUS_COLOR[request.status]} data-testid="staff-request-status">
            {t(`staff.requests.statuses.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={request.createdAt} data-testid="staff-request-date">
            {formatDateTime(request.createdAt, language, timeZone, t)}
          </time>
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('staff.requests.from')}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="staff-request-name">
            {request.name}
          </Text>
        </Field>
        <Field label={t('staff.requests.email')}>
          <Anchor
            href={replyHref(request)}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            title={t('staff.requests.reply')}
            data-testid="staff-request-email"
          >
            {request.email}
          </Anchor>
        </Field>
        <Field label={t('staff.requests.phone')}>
          {request.phone ? (
            <Anchor href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} size="sm" data-testid="staff-request-phone">
              {request.phone}
            </Anchor>
          ) : (
            <Text size="sm" data-testid="staff-request-phone">
              —
            </Text>
          )}
        </Field>
        <Field label={t('staff.requests.language')}>
          <Text size="sm" data-testid="staff-request-language">
            {t(`staff.languages.${request.language}`)}
          </Text>
        </Field>
      </SimpleGrid>

      {request.kind === 'help' ? (
        <Field label={t('staff.requests.topic')}>
          <Text size="sm" data-testid="staff-request-topic">
            {request.topic ? helpTopicName(request.topic, i18n.language) : '—'}
          </Text>
        </Field>
      ) : (
        <Field label={t('staff.requests.subject')}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="staff-request-subject">
            {request.subject ?? '—'}
          </Text>
        </Field>
      )}

      <Box>
        <VisuallyHidden>{t('staff.requests.message')}</VisuallyHidden>
        {/* Plain text as the visitor typed it, line breaks kept: never read as HTML. */}
        <Text
          component="div"
          size="sm"
          id={messageId}
          p="sm"
          bg="var(--mantine-color-default-hover)"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 'var(--mantine-radius-md)' }}
          data-testid="staff-request-message"
          data-collapsed={preview !== null && !open}
        >
          {preview !== null && !open ? preview : request.message}
        </Text>
        {preview !== null && (
          <Button
            variant="subtle"
            size="compact-sm"
            mt={4}
            aria-expanded={open}
            aria-controls={messageId}
            onClick={() => setOpen((o) => !o)}
            data-testid="staff-request-more"
          >
            {t(open ? 'staff.requests.showLess' : 'staff.requests.showAll')}
          </Button>
        )}
      </Box>

      <Group gap="xs">
        {SITE_REQUEST_STATUSES.filter((status) => status !== request.status).map((status) => (
          <Button
            key={status}
            size="xs"
            variant={status === 'answered' ? 'light' : 'default'}
            color={status === 'answered' ? 'green' : undefined}
            leftSection={ACTION_ICON[status]}
            loading={mark.isPending && mark.variables?.status === status}
            disabled={mark.isPending}
            onClick={() => void setStatus(status)}
            data-testid={`staff-request-mark-${status}`}
          >
            {t(`staff.requests.actions.${status}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** A labelled value of a request. */
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
