import {
  Anchor,
  Badge,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  formatMoney,
  PAYOUT_PAGE_SIZE,
  PAYOUT_SORTS,
  PAYOUT_STATUSES,
  type PayoutListItem,
  type PayoutStatus,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/display';
import { errorText } from '../../lib/form';
import { DateRangeFilter } from '../../ui/date-range';
import { ScrollingChoices } from '../../ui/scrolling-choices';
import { ExportMenu } from './export-menu';
import { payoutPath, STATUS_COLOR } from './format';
import { downloadPayouts, payoutListQuery } from './queries';

/** Manat as typed → qəpik for the query (undefined while empty or not a number). */
const toMinor = (value: string | number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : undefined;

/** The store's payouts: by status, days made and amount, sorted, a page at a time; exported as CSV or XLSX. */
export function PayoutList({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PayoutStatus | 'all'>('all');
  const [sort, setSort] = useState<(typeof PAYOUT_SORTS)[number]>('newest');
  const [page, setPage] = useState(1);
  const [days, setDays] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [amounts, setAmounts] = useState<{ min: string | number; max: string | number }>({ min: '', max: '' });
  // Typing an amount reloads once the typing stops.
  const [typed] = useDebouncedValue(amounts, 400);
  const filters = {
    status: status === 'all' ? undefined : status,
    from: days.from ?? undefined,
    to: days.to ?? undefined,
    minAmount: toMinor(typed.min),
    maxAmount: toMinor(typed.max),
    sort,
  };
  const filtered =
    status !== 'all' || days.from !== null || filters.minAmount !== undefined || filters.maxAmount !== undefined;
  const list = useQuery(payoutListQuery(marketId, { ...filters, page, pageSize: PAYOUT_PAGE_SIZE.default }));

  const amountInput = (which: 'min' | 'max') => (
    <NumberInput
      label={t(`payouts.list.${which}Amount`)}
      value={amounts[which]}
      onChange={(value) => {
        setAmounts((current) => ({ ...current, [which]: value }));
        setPage(1);
      }}
      min={0}
      decimalScale={2}
      hideControls
      rightSection="₼"
      w={{ base: '100%', xs: 120 }}
      data-testid={`payout-${which}-amount`}
    />
  );
  const day = (iso: string) => formatDate(iso, i18n.language, timeZone, t);
  const when = (p: PayoutListItem) =>
    p.status === 'paid' && p.paidAt
      ? t('payouts.list.paidOn', { date: day(p.paidAt) })
      : p.status === 'failed'
        ? t('payouts.list.failedBecause', { reason: p.failureReason ?? '' })
        : t('payouts.list.arrives', { date: day(p.arrivesAt) });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payouts-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id="payouts-title">
            {t('payouts.list.title')}
          </Title>
          <Group gap="sm">
            <Select
              value={sort}
              onChange={(value) => value && setSort(value as (typeof PAYOUT_SORTS)[number])}
              data={PAYOUT_SORTS.map((value) => ({ value, label: t(`payouts.list.sort.${value}`) }))}
              aria-label={t('payouts.list.sortLabel')}
              allowDeselect={false}
              w={200}
              data-testid="payout-sort"
            />
            <ExportMenu
              label={t('payouts.list.export')}
              download={(format) => downloadPayouts(marketId, filters, format)}
              testId="payout-export"
            />
          </Group>
        </Group>
        <Group gap="sm" align="flex-end">
          <ScrollingChoices
            value={status}
            onChange={(value) => {
              setStatus(value as PayoutStatus | 'all');
              setPage(1);
            }}
            data={['all', ...PAYOUT_STATUSES].map((value) => ({ value, label: t(`payouts.list.status.${value}`) }))}
            aria-label={t('payouts.list.statusFilter')}
            data-testid="payout-status-filter"
          />
          <DateRangeFilter
            from={days.from}
            to={days.to}
            onChange={(from, to) => {
              setDays({ from, to });
              setPage(1);
            }}
            label={t('payouts.list.days')}
            placeholder={t('payouts.list.anyDay')}
            clearLabel={t('payouts.list.clearDays')}
            testId="payout-days"
          />
          {amountInput('min')}
          {amountInput('max')}
        </Group>
        {list.isPending ? (
          <Skeleton h={160} radius="md" aria-busy="true" aria-label={t('common.loading')} />
        ) : list.isError ? (
          <Text c="red.8" role="alert">
            {errorText(list.error, t)}
          </Text>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="payouts-empty">
            {filtered ? t('payouts.list.noneMatching') : t('payouts.list.none')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" data-testid="payout-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payouts.list.made')}</Table.Th>
                    <Table.Th ta="right">{t('payouts.list.amount')}</Table.Th>
                    <Table.Th>{t('payouts.list.statusLabel')}</Table.Th>
                    <Table.Th>{t('payouts.list.account')}</Table.Th>
                    <Table.Th>{t('payouts.list.when')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((payout) => (
                    <Table.Tr key={payout.id} data-testid="payout-row" data-status={payout.status}>
                      <Table.Td>
                        <Anchor component={Link} to={payoutPath(marketId, payout.id)} data-testid="payout-link">
                          {day(payout.createdAt)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatMoney(payout.amount, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[payout.status]} variant="light">
                          {t(`payouts.list.status.${payout.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {payout.bank}, {payout.account}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={payout.status === 'failed' ? 'red.8' : undefined}>
                          {when(payout)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.data.total > list.data.pageSize && (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil(list.data.total / list.data.pageSize)}
                aria-label={t('payouts.list.pages')}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
