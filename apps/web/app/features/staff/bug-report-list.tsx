import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BUG_REPORT_PAGE_SIZE, type BugReport } from '@shop/shared';
import { IconBug } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { positiveParam, useListView } from '../../lib/use-list-view';
import { ListEmpty } from '../../ui/list-empty';
import { ListFooter } from '../../ui/list-footer';
import { SkeletonRows } from '../../ui/list-skeleton';
import { bugReportsQuery } from './bug-report-queries';

const PAGE_SIZES = [20, BUG_REPORT_PAGE_SIZE.default, BUG_REPORT_PAGE_SIZE.max] as const;
const COLUMNS = ['id', 'name', 'surname', 'email', 'phone', 'note', 'audio', 'images', 'video'] as const;

interface BugReportListView {
  /** The list has no search; useListView's box stays empty. */
  search: string;
  page: number;
  pageSize: number;
}

/** The list's view from the URL; anything unknown or malformed is the default. */
function readView(params: URLSearchParams): BugReportListView {
  const size = positiveParam(params.get('pageSize'));
  return {
    search: '',
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : BUG_REPORT_PAGE_SIZE.default,
  };
}

/** The view as search params, defaults left out so that the plain list has a plain URL. */
function writeView(view: BugReportListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== BUG_REPORT_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

/**
 * Visitors' bug reports (issue 17, SPEC §2 the staff's bug-report page): a table, newest first,
 * with each report's voice note, pictures and videos playable and viewable in place. What a
 * visitor typed is shown as text, never as markup.
 */
export function BugReportList() {
  const { t } = useTranslation();
  const { view, update } = useListView(readView, writeView);
  const list = useQuery(bugReportsQuery({ page: view.page, pageSize: view.pageSize }));
  const page = list.data;
  const total = page?.total ?? 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" id="staff-bug-reports-title" data-testid="staff-bug-reports-title">
          {t('bugs.staff.title')}
        </Title>
        <Text c="dimmed" maw={760}>
          {t('bugs.staff.subtitle')}
        </Text>
      </div>

      {list.isError && !page ? (
        <Alert color="red" title={errorText(list.error, t)}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('bugs.staff.retry')}
          </Button>
        </Alert>
      ) : page && total === 0 && !list.isPlaceholderData ? (
        <ListEmpty
          filtered={false}
          icon={<IconBug size={32} aria-hidden />}
          title={t('bugs.staff.empty.title')}
          text={t('bugs.staff.empty.text')}
          maw={440}
          testId="staff-bug-reports-empty"
        />
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={1280}>
            <Table
              verticalSpacing="sm"
              aria-labelledby="staff-bug-reports-title"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
              data-testid="staff-bug-reports-table"
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column} scope="col">
                      {t(`bugs.staff.columns.${column}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!page ? (
                  <SkeletonRows columns={COLUMNS.length} />
                ) : (
                  page.items.map((report) => <BugReportRow key={report.id} report={report} />)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            keyPrefix="bugs.staff"
            total={total}
            page={view.page}
            pageSize={view.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(next) => update({ page: next })}
            onPageSize={(size) => update({ pageSize: size })}
            testIds={{ total: 'staff-bug-reports-total', pagination: 'staff-bug-reports-pagination' }}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** "None" (SPEC: Yoxdur) where a report has nothing of a kind. */
function None() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="staff-bug-report-none">
      {t('bugs.staff.none')}
    </Text>
  );
}

function Cell({ children, testId, width }: { children: ReactNode; testId: string; width?: number }) {
  return (
    <Table.Td data-testid={testId} style={{ verticalAlign: 'top', minWidth: width }}>
      {children}
    </Table.Td>
  );
}

function BugReportRow({ report }: { report: BugReport }) {
  const { t } = useTranslation();
  const text = (value: string) => (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
  return (
    <Table.Tr data-testid="staff-bug-report" data-id={report.id}>
      <Cell testId="staff-bug-report-id">
        <Text size="sm" fw={600}>
          {report.id}
        </Text>
      </Cell>
      <Cell testId="staff-bug-report-name" width={110}>
        {text(report.name)}
      </Cell>
      <Cell testId="staff-bug-report-surname" width={110}>
        {text(report.surname)}
      </Cell>
      <Cell testId="staff-bug-report-email" width={180}>
        <Anchor href={`mailto:${report.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {report.email}
        </Anchor>
      </Cell>
      <Cell testId="staff-bug-report-phone">
        <Anchor href={`tel:${report.phoneNumber.replace(/[^\d+]/g, '')}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {report.phoneNumber}
        </Anchor>
      </Cell>
      <Cell testId="staff-bug-report-note" width={220}>
        {report.note.trim() ? (
          // Plain text as the visitor typed it, line breaks kept.
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.note}
          </Text>
        ) : (
          <None />
        )}
      </Cell>
      <Cell testId="staff-bug-report-audio" width={240}>
        {report.soundFileUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a visitor's voice note has no captions.
          <audio
            controls
            preload="metadata"
            src={report.soundFileUrl}
            aria-label={t('bugs.staff.audio', { id: report.id })}
            style={{ width: 220, maxWidth: '100%' }}
          />
        ) : (
          <None />
        )}
      </Cell>
      <Cell testId="staff-bug-report-images" width={160}>
        {report.imageUrls.length ? (
          <Group gap={6}>
            {report.imageUrls.map((url, i) => (
              <Anchor key={url} href={url} target="_blank" rel="noopener" data-testid="staff-bug-report-image">
                <img
                  src={url}
                  alt={t('bugs.staff.image', { n: i + 1, id: report.id })}
                  width={64}
                  height={64}
                  loading="lazy"
                  style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                />
              </Anchor>
            ))}
          </Group>
        ) : (
          <None />
        )}
      </Cell>
      <Cell testId="staff-bug-report-video" width={260}>
        {report.videoUrls.length ? (
          <Stack gap={6}>
            {report.videoUrls.map((url, i) => (
              // biome-ignore lint/a11y/useMediaCaption: a visitor's screen recording has no captions.
              <video
                key={url}
                controls
                preload="metadata"
                src={url}
                aria-label={t('bugs.staff.video', { n: i + 1, id: report.id })}
                style={{ width: 240, maxWidth: '100%', borderRadius: 6 }}
              />
            ))}
          </Stack>
        ) : (
          <None />
        )}
      </Cell>
    </Table.Tr>
  );
}
