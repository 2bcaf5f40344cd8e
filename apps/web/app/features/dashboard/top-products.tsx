import { Group, Paper, SegmentedControl, Skeleton, Table, Text, Title } from '@mantine/core';
import type { Dashboard, DashboardProduct } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from './format';

type List = 'byRevenue' | 'byUnits';

function ProductRows({ products, language }: { products: DashboardProduct[]; language: string }) {
  const { t } = useTranslation();
  return products.map((product, index) => (
    <Table.Tr key={product.productId ?? 'deleted'} data-testid="top-product">
      <Table.Td w={32} c="dimmed">
        {index + 1}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {product.title ?? (
          <Text span c="dimmed" fs="italic">
            {t('dashboard.top.deleted')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(product.units, language)}
      </Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(product.revenue, language)}
      </Table.Td>
    </Table.Tr>
  ));
}

/** The range's best sellers: by revenue or by units, from the lines of paid orders. */
export function TopProducts({
  dashboard,
  language,
  both = false,
}: {
  dashboard: Dashboard | undefined;
  language: string;
  /** Both lists side by side (cp/analytics) instead of a switch. */
  both?: boolean;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<List>('byRevenue');
  const table = (which: List) => {
    const products = dashboard?.topProducts[which] ?? [];
    if (dashboard && products.length === 0) {
      return (
        <Text size="sm" c="dimmed" py="md" data-testid="top-products-empty">
          {t('dashboard.top.empty')}
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" data-testid={`top-products-${which}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>{t('dashboard.top.product')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.top.units')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.top.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dashboard ? (
              <ProductRows products={products} language={language} />
            ) : (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Skeleton h={120} />
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  if (both) {
    return (
      <>
        {(['byRevenue', 'byUnits'] as const).map((which) => (
          <Paper key={which} withBorder radius="lg" p="lg" component="section" aria-labelledby={`top-${which}`}>
            <Title order={2} size="h4" id={`top-${which}`} mb="sm">
              {t(`dashboard.top.${which}Title`)}
            </Title>
            {table(which)}
          </Paper>
        ))}
      </>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="top-products-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="top-products-title">
          {t('dashboard.top.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={list}
          onChange={(value) => setList(value as List)}
          data={[
            { value: 'byRevenue', label: t('dashboard.top.byRevenue') },
            { value: 'byUnits', label: t('dashboard.top.byUnits') },
          ]}
        />
      </Group>
      {table(list)}
    </Paper>
  );
}
