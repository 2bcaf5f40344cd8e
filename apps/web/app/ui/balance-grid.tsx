import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type Balance, formatMoney } from '@shop/shared';
import { useTranslation } from 'react-i18next';

const CARDS = ['pending', 'available', 'inTransit', 'paidOut'] as const;

/**
 * A store's four balances (decision 019), as its owner sees them on cp/balance-payout and the
 * platform's staff on the store's page. `explained` adds what each means, in words written for
 * the owner.
 */
export function BalanceGrid({ balance, explained = true }: { balance: Balance; explained?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid
      // Without the explanations the cards are small enough for two abreast on a phone.
      cols={explained ? { base: 1, xs: 2, md: 4 } : { base: 2, md: 4 }}
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
              {formatMoney(balance[card], i18n.language)}
            </Text>
            {explained && (
              <Text size="xs" c="dimmed">
                {t(`payouts.balance.${card}.about`)}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The cards' place while the balances load. */
export function BalanceGridLoading({ height = 120 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-busy="true" aria-label={t('common.loading')}>
      {CARDS.map((card) => (
        <Skeleton key={card} h={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
