import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { balanceQuery } from './queries';

const CARDS = ['pending', 'available', 'inTransit', 'paidOut'] as const;

/** The store's four balances (decision 019), each with what it means for the merchant. */
export function BalanceCards({ marketId }: { marketId: string }) {
  const { t, i18n } = useTranslation();
  const balance = useQuery(balanceQuery(marketId));
  if (balance.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-busy="true" aria-label={t('common.loading')}>
        {CARDS.map((card) => (
          <Skeleton key={card} h={120} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
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
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="md"
        component="section"
        aria-label={t('payouts.balance.label')}
      >
        {CARDS.map((card) => (
          <Paper key={card} withBorder radius="lg" p="lg" data-testid={`balance-${card}`}>
            <Stack gap={4}>
              <Text size="sm" fw={600} c="dimmed">
                {t(`payouts.balance.${card}.title`)}
              </Text>
              <Text size="xl" fw={700} data-testid={`balance-${card}-amount`}>
                {formatMoney(balance.data[card], i18n.language)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`payouts.balance.${card}.about`)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {/* Cash on delivery is the merchant's already: beside the balances, never paid out. */}
      {collected !== 0 && (
        <Text size="sm" c="dimmed" data-testid="balance-collected">
          {t('payouts.balance.collected', { amount: formatMoney(collected, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}
