import {
  Anchor,
  Badge,
  Grid,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { formatMoney, type PayoutLine, type PayoutReport } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/display';
import { BackLink, LoadError } from '../../ui/panel';
import { ExportMenu } from './export-menu';
import { BALANCE_PAYOUT_PATH, payoutPath, STATUS_COLOR } from './format';
import { downloadPayoutLines, payoutReportQuery } from './queries';

/**
 * One payout (SPEC §2 cp/payout-details/{marketId}/{id}): how much, where it went and what
 * happened to it; its totals (sales, refunds, fees, adjustments → net) and every line that makes
 * them up, which add up to the payout; exported as CSV or XLSX.
 */
export function PayoutDetailsScreen({
  marketId,
  payoutId,
  timeZone,
}: {
  marketId: string;
  payoutId: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const report = useQuery(payoutReportQuery(marketId, payoutId, page));
  const back = { to: BALANCE_PAYOUT_PATH, label: t('payouts.title') };
  if (report.isPending) {
    return (
      <Stack gap="lg" maw={1100} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={180} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (report.isError) {
    return (
      <Stack gap="lg" maw={720}>
        <BackLink {...back} testId="payout-back" />
        <LoadError error={report.error} onRetry={() => void report.refetch()} back={back} />
      </Stack>
    );
  }
  return (
    <Details report={report.data} marketId={marketId} timeZone={timeZone} page={page} onPage={setPage} back={back} />
  );
}

function Details({
  report,
  marketId,
  timeZone,
  page,
  onPage,
  back,
}: {
  report: PayoutReport;
  marketId: string;
  timeZone: string;
  page: number;
  onPage: (page: number) => void;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const { payout, history, lines } = report;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const day = (iso: string) => formatDate(iso, i18n.language, timeZone, t);
  const moment = (iso: string) => formatDateTime(iso, i18n.language, timeZone, t);

  const totals = [
    { key: 'gross', amount: payout.gross },
    { key: 'refunds', amount: payout.refunds },
    { key: 'fees', amount: payout.fees },
    { key: 'adjustments', amount: payout.adjustments },
  ] as const;

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink {...back} testId="payout-back" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" data-testid="payout-title">
              {t('payouts.details.title', { amount: money(payout.amount) })}
            </Title>
            <Badge color={STATUS_COLOR[payout.status]} variant="light" size="lg" data-testid="payout-status">
              {t(`payouts.list.status.${payout.status}`)}
            </Badge>
          </Group>
          <Text c="dimmed">
            {t('payouts.details.subtitle', {
              made: day(payout.createdAt),
              from: day(payout.periodFrom),
              to: day(payout.periodTo),
            })}
          </Text>
        </div>
        <ExportMenu
          label={t('payouts.details.export')}
          download={(format) => downloadPayoutLines(marketId, payout.id, format)}
          testId="payout-lines-export"
        />
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            h="100%"
            component="section"
            aria-labelledby="payout-totals"
          >
            <Title order={2} size="h4" id="payout-totals" mb="sm">
              {t('payouts.details.totals')}
            </Title>
            <Table verticalSpacing={6} data-testid="payout-totals">
              <Table.Tbody>
                {totals.map(({ key, amount }) => (
                  <Table.Tr key={key} data-total={key}>
                    <Table.Td>
                      <Text size="sm">{t(`payouts.details.${key}`)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`payouts.details.${key}About`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {money(amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr data-total="net">
                  <Table.Td fw={700}>{t('payouts.details.net')}</Table.Td>
                  <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {money(payout.amount)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            h="100%"
            component="section"
            aria-labelledby="payout-where"
          >
            <Stack gap="md">
              <div>
                <Title order={2} size="h4" id="payout-where" mb={4}>
                  {t('payouts.details.where')}
                </Title>
                <Text size="sm" data-testid="payout-account">
                  {payout.bank}, {payout.account}
                </Text>
              </div>
              <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} data-testid="payout-history">
                {history.map((step) => (
                  <Timeline.Item
                    key={step.event}
                    title={t(`payouts.details.events.${step.event}`)}
                    color={step.event === 'failed' ? 'red' : undefined}
                  >
                    <Text size="xs" c="dimmed">
                      {moment(step.at)}
                    </Text>
                    {step.note && (
                      <Text size="sm" c="red.8">
                        {step.note}
                      </Text>
                    )}
                  </Timeline.Item>
                ))}
                {payout.status === 'pending' && (
                  <Timeline.Item title={t('payouts.details.events.expected')} lineVariant="dashed">
                    <Text size="xs" c="dimmed">
                      {day(payout.arrivesAt)}
                    </Text>
                  </Timeline.Item>
                )}
              </Timeline>
              {payout.status === 'failed' && (
                <Text size="sm" data-testid="payout-failed-help">
                  {t('payouts.details.failedHelp')}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payout-lines">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="payout-lines">
              {t('payouts.details.lines')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('payouts.details.linesAbout', { count: lines.total })}
            </Text>
          </div>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="payout-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payouts.details.line')}</Table.Th>
                  <Table.Th>{t('payouts.details.date')}</Table.Th>
                  <Table.Th ta="right">{t('payouts.details.gross')}</Table.Th>
                  <Table.Th ta="right">{t('payouts.details.refunds')}</Table.Th>
                  <Table.Th ta="right">{t('payouts.details.fees')}</Table.Th>
                  <Table.Th ta="right">{t('payouts.details.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.items.map((line) => (
                  <Table.Tr key={line.id} data-testid="payout-line" data-kind={line.kind}>
                    <Table.Td>
                      <LineLabel line={line} marketId={marketId} day={day} />
                    </Table.Td>
                    <Table.Td>{day(line.at)}</Table.Td>
                    {[line.gross, line.refunds, line.fees, line.amount].map((amount, column) => (
                      <Table.Td
                        // biome-ignore lint/suspicious/noArrayIndexKey: the four money columns, in order
                        key={column}
                        ta="right"
                        fw={column === 3 ? 600 : undefined}
                        c={amount === 0 && column < 3 ? 'dimmed' : undefined}
                        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                      >
                        {money(amount)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lines.total > lines.pageSize && (
            <Pagination
              value={page}
              onChange={onPage}
              total={Math.ceil(lines.total / lines.pageSize)}
              aria-label={t('payouts.details.pages')}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** What a line is: an order (linked), a refund of one, a payout that came back (linked), a charge. */
function LineLabel({ line, marketId, day }: { line: PayoutLine; marketId: string; day: (iso: string) => string }) {
  const { t } = useTranslation();
  const order = line.orderId && (
    <Anchor component={Link} to={`/cp/order-details/${marketId}/${line.orderId}`} size="sm">
      {line.orderName ?? t('payouts.details.anOrder')}
    </Anchor>
  );
  switch (line.kind) {
    case 'order':
      return (
        <Stack gap={0}>
          {order}
          {line.paidAt && (
            <Text size="xs" c="dimmed">
              {t('payouts.details.paidOn', { date: day(line.paidAt) })}
            </Text>
          )}
        </Stack>
      );
    case 'refund':
      return (
        <Text size="sm">
          {t('payouts.details.kinds.refund')} {order}
        </Text>
      );
    case 'returned':
      return line.returnedPayoutId ? (
        <Anchor component={Link} to={payoutPath(marketId, line.returnedPayoutId)} size="sm">
          {t('payouts.details.kinds.returned')}
        </Anchor>
      ) : (
        <Text size="sm">{t('payouts.details.kinds.returned')}</Text>
      );
    default:
      return (
        <Stack gap={0}>
          <Text size="sm">{t(`payouts.details.kinds.${line.kind}`)}</Text>
          {line.note && (
            <Text size="xs" c="dimmed">
              {line.note}
            </Text>
          )}
        </Stack>
      );
  }
}
