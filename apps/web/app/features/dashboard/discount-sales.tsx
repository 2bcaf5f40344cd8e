import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { Dashboard, DashboardDiscountSales } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoney } from './format';

/** Where a discount is managed: its own screen, or the list of codes. */
function screenOf(sale: DashboardDiscountSales, marketId: string): string {
  if (sale.kind === 'popup') return `/cp/edit-pop-up/${marketId}/${sale.discountId}`;
  if (sale.kind === 'bundle') return `/cp/edit-bundle/${marketId}/${sale.discountId}`;
  return '/cp/discount-codes';
}

function SaleRow({ sale, marketId, language }: { sale: DashboardDiscountSales; marketId: string; language: string }) {
  const { t } = useTranslation();
  const figure = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr data-testid="discount-sale" data-kind={sale.kind} data-id={sale.discountId}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {sale.deleted ? (
          <Text size="sm">{sale.name}</Text>
        ) : (
          <Anchor component={Link} to={screenOf(sale, marketId)} size="sm">
            {sale.name}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {t(`dashboard.discounts.kind.${sale.kind}`)}
          {sale.deleted ? ` · ${t('dashboard.discounts.deleted')}` : ''}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={figure}>
        {formatCount(sale.orders, language)}
      </Table.Td>
      <Table.Td ta="right" style={figure}>
        −{formatMoney(sale.discount, language)}
      </Table.Td>
      <Table.Td ta="right" style={figure}>
        {formatMoney(sale.sales, language)}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The range's paid orders by the code, pop-up or bundle that took something off them: how many,
 * what it took off, and what those orders brought in.
 */
export function DiscountSales({ dashboard, language }: { dashboard: Dashboard | undefined; language: string }) {
  const { t } = useTranslation();
  const sales = dashboard?.salesByDiscount ?? [];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="discount-sales-title">
      <Title order={2} size="h4" id="discount-sales-title" mb={4}>
        {t('dashboard.discounts.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('dashboard.discounts.hint')}
      </Text>
      {dashboard && sales.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="discount-sales-empty">
          {t('dashboard.discounts.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={380}>
          <Table verticalSpacing="xs" data-testid="discount-sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.discounts.discount')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.discounts.orders')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.discounts.given')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.discounts.sales')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dashboard ? (
                sales.map((sale) => (
                  <SaleRow
                    key={`${sale.kind} ${sale.discountId}`}
                    sale={sale}
                    marketId={dashboard.marketId}
                    language={language}
                  />
                ))
              ) : (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Skeleton h={80} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
