import { Grid, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type Adjustment, formatMoney } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../lib/display';
import { BalanceGrid, BalanceGridLoading } from '../../ui/balance-grid';
import { BackLink, LoadError } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';
import { AdjustmentForm } from './adjustment-form';
import { amountColor, signedMoney } from './format';
import { staffLedgerQuery } from './queries';

/**
 * One store as the platform's staff see it: who owns it, its balances, the adjustments made to
 * its available balance (newest first) and the form that adds one.
 */
export function StoreLedger({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const ledger = useQuery(staffLedgerQuery(marketId));
  const back = <BackLink to="/staff/stores" label={t('staff.store.back')} testId="staff-store-back" />;

  if (ledger.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        {back}
        <Skeleton h={36} w={280} radius="md" />
        <BalanceGridLoading height={88} />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (ledger.isError) {
    return (
      <Stack gap="lg">
        {back}
        <LoadError
          error={ledger.error}
          onRetry={() => ledger.refetch()}
          back={{ to: '/staff/stores', label: t('staff.store.back') }}
        />
      </Stack>
    );
  }

  const { market, balance, adjustments } = ledger.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="staff-store-name">
          {market.name}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="staff-store-owner">
          {t('staff.store.owner', { email: market.ownerEmail })} ·{' '}
          {t('staff.store.created', { date: formatDate(market.createdAt, language, timeZone, t) })}
        </Text>
      </Stack>

      <Stack gap="xs">
        {/* The merchant-facing explanations are left out: the staff know what each balance is. */}
        <BalanceGrid balance={balance} explained={false} />
        {balance.collected !== 0 && (
          <Text size="sm" c="dimmed" data-testid="balance-collected">
            {t('staff.store.collected', { amount: formatMoney(balance.collected, language) })}
          </Text>
        )}
      </Stack>

      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <AdjustmentForm market={market} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <AdjustmentList adjustments={adjustments} timeZone={timeZone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function AdjustmentList({ adjustments, timeZone }: { adjustments: Adjustment[]; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  return (
    <Paper
      withBorder
      radius="lg"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="adjustments-title"
      data-testid="adjustments"
    >
      <Stack gap={4} p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h4" id="adjustments-title">
          {t('staff.adjustments.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.adjustments.subtitle')}
        </Text>
      </Stack>
      {adjustments.length === 0 ? (
        <Text px={{ base: 'md', sm: 'lg' }} pb="lg" size="sm" c="dimmed" data-testid="adjustments-empty">
          {t('staff.adjustments.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="sm" data-testid="adjustments-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.adjustments.date')}</Table.Th>
                <Table.Th ta="right">{t('staff.adjustments.amount')}</Table.Th>
                <Table.Th>{t('staff.adjustments.reason')}</Table.Th>
                <Table.Th>{t('staff.adjustments.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {adjustments.map((adjustment) => (
                <Table.Tr
                  key={adjustment.id}
                  data-testid="adjustment-row"
                  data-kind={adjustment.amount > 0 ? 'credit' : 'debit'}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(adjustment.createdAt, language, timeZone, t)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatTime(adjustment.createdAt, timeZone)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={700} c={amountColor(adjustment.amount)} data-testid="adjustment-row-amount">
                      {signedMoney(adjustment.amount, language)}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={200}>
                    <Text
                      size="sm"
                      style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                      data-testid="adjustment-row-reason"
                    >
                      {adjustment.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={adjustment.by ? undefined : 'dimmed'} style={{ overflowWrap: 'break-word' }}>
                      {adjustment.by ?? t('staff.adjustments.byGone')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
