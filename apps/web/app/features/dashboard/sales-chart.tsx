import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import type { Dashboard } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, shortDay } from './format';

/** Revenue of each day of the range (paid orders less refunds, by the day they were paid). */
export function SalesChart({ dashboard, language }: { dashboard: Dashboard | undefined; language: string }) {
  const { t } = useTranslation();
  const data = (dashboard?.days ?? []).map((day) => ({
    day: shortDay(day.date),
    // The chart works in manats; the formatter shows them as money again.
    revenue: day.revenue / 100,
    orders: day.orders,
  }));
  const empty = dashboard ? dashboard.current.revenue === 0 && dashboard.current.orders === 0 : false;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="sales-chart-title">
      <Title order={2} size="h4" id="sales-chart-title" mb="md">
        {t('dashboard.chart.title')}
      </Title>
      {dashboard ? (
        <div data-testid="sales-chart" data-days={data.length}>
          <LineChart
            h={260}
            data={data}
            dataKey="day"
            series={[{ name: 'revenue', label: t('dashboard.metrics.revenue'), color: 'cyan.6' }]}
            curveType="monotone"
            withDots={data.length <= 31}
            gridAxis="y"
            tickLine="none"
            valueFormatter={(value) => formatMoney(Math.round(value * 100), language)}
            yAxisProps={{ tickFormatter: (value: number) => formatCount(value, language), width: 64 }}
            tooltipAnimationDuration={150}
          />
          {empty && (
            <Text size="sm" c="dimmed" ta="center" mt="xs">
              {t('dashboard.chart.empty')}
            </Text>
          )}
        </div>
      ) : (
        <Skeleton h={260} />
      )}
    </Paper>
  );
}
