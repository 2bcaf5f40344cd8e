import { Badge, Group, Paper, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { type Dashboard, relativeChange } from '@shop/shared';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatCount, formatMoney, formatPercent, longDay } from './format';

export type Metric = 'revenue' | 'orders' | 'averageOrderValue' | 'conversionRate' | 'sessions' | 'pageViews';

export function formatMetric(metric: Metric, value: number | null, language: string): string {
  if (value === null) return '—';
  if (metric === 'revenue' || metric === 'averageOrderValue') return formatMoney(value, language);
  if (metric === 'conversionRate') return formatPercent(value, language, 2);
  return formatCount(value, language);
}

/** A figure of the range with its change from the range before (green up, red down). */
function KpiCard({ metric, dashboard, language }: { metric: Metric; dashboard: Dashboard; language: string }) {
  const { t } = useTranslation();
  const current = dashboard.current[metric];
  const previous = dashboard.previous[metric];
  const change = relativeChange(current, previous);
  const compared = t('dashboard.change.comparedWith', {
    start: longDay(dashboard.previousStartDate),
    end: longDay(dashboard.previousEndDate),
    value: formatMetric(metric, previous, language),
  });
  const badge =
    change === null ? (
      <Text size="xs" c="dimmed" data-testid={`kpi-${metric}-change`}>
        {t('dashboard.change.none')}
      </Text>
    ) : (
      <Badge
        variant="light"
        tt="none"
        color={change > 0 ? 'teal' : change < 0 ? 'red' : 'gray'}
        leftSection={
          change > 0 ? (
            <IconArrowUpRight size={12} aria-hidden />
          ) : change < 0 ? (
            <IconArrowDownRight size={12} aria-hidden />
          ) : (
            <IconMinus size={12} aria-hidden />
          )
        }
        data-testid={`kpi-${metric}-change`}
      >
        {formatChange(change, language)}
      </Badge>
    );
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`kpi-${metric}`}>
      <Text size="sm" c="dimmed" fw={500}>
        {t(`dashboard.metrics.${metric}`)}
      </Text>
      <Text fz={26} fw={700} mt={4} data-testid={`kpi-${metric}-value`} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMetric(metric, current, language)}
      </Text>
      <Group gap={6} mt={6} mih={22}>
        <Tooltip label={compared} withArrow multiline maw={260}>
          <span>{badge}</span>
        </Tooltip>
        {change !== null && (
          <Text size="xs" c="dimmed">
            {t('dashboard.change.vsPrevious')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

export function KpiCards({
  dashboard,
  metrics,
  language,
}: {
  dashboard: Dashboard | undefined;
  metrics: Metric[];
  language: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(metrics.length, 4) }} spacing="md">
      {metrics.map((metric) =>
        dashboard ? (
          <KpiCard key={metric} metric={metric} dashboard={dashboard} language={language} />
        ) : (
          <Skeleton key={metric} h={116} radius="lg" />
        ),
      )}
    </SimpleGrid>
  );
}
