import { Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { BalanceGrid, BalanceGridLoading } from '../../ui/balance-grid';
import { balanceQuery } from './queries';

/** The store's four balances (decision 019), each with what it means for the merchant. */
export function BalanceCards({ marketId }: { marketId: string }) {
  const { t, i18n } = useTranslation();
  const balance = useQuery(balanceQuery(marketId));
  if (balance.isPending) return <BalanceGridLoading />;
  if (balance.isError) {
    return (
      <Paper withBorder radius="lg" p="lg" role="alert" data-testid="balance-error">
        <Text c="red.8">{errorText(balance.error, t)}</Text>
      </Paper>
    );
  }
  const collected = balance.data.collected;
  return (
    <Stack gap="xs">
      <BalanceGrid balance={balance.data} />
      {/* Cash on delivery is the merchant's already: beside the balances, never paid out. */}
      {collected !== 0 && (
        <Text size="sm" c="dimmed" data-testid="balance-collected">
          {t('payouts.balance.collected', { amount: formatMoney(collected, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}
