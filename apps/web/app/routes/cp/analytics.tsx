import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEditorMarket } from '../../features/catalog/market-param';
import { DailyTable } from '../../features/dashboard/daily-table';
import { KpiCards } from '../../features/dashboard/kpi-cards';
import { useDashboard } from '../../features/dashboard/queries';
import { rangeSearch, useDashboardRange } from '../../features/dashboard/range';
import { RangePicker } from '../../features/dashboard/range-picker';
import { SalesChart } from '../../features/dashboard/sales-chart';
import { StatusBreakdown } from '../../features/dashboard/status-breakdown';
import { TopProducts } from '../../features/dashboard/top-products';
import { useControlPanel } from '../../lib/control-panel';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/analytics';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.analytics');

/**
 * cp/analytics/{marketId} (SPEC §2): the dashboard in detail — every figure with its change,
 * orders by status, each day of the range, both best-seller lists. The address names the store;
 * opened for another of the owner's stores, that store becomes the managed one.
 */
export default function Analytics({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, market } = useControlPanel();
  const { language } = useRootData();
  const marketId = useEditorMarket(params.marketId, '/cp/home');
  const [range, setRange] = useDashboardRange(user.timeZone);
  const ready = market.id === marketId;
  const dashboard = useDashboard(market.id, range);
  const data = ready && dashboard.data?.marketId === market.id ? dashboard.data : undefined;

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Anchor component={Link} to={`/cp/home${rangeSearch(range)}`} size="sm" c="dimmed" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {t('dashboard.analytics.back')}
          </Group>
        </Anchor>
        <Title order={1} size="h2" data-testid="analytics-title">
          {t('dashboard.analytics.title')}
        </Title>
        <Text c="dimmed">{t('dashboard.analytics.subtitle', { store: market.name })}</Text>
      </Stack>
      <RangePicker range={range} timeZone={user.timeZone} onChange={setRange} />
      {/* Every order figure below counts the same orders: say which. */}
      <Text size="sm" c="dimmed" mt={-8} data-testid="dashboard-basis">
        {t('dashboard.basis')}
      </Text>
      {dashboard.isError && !data ? (
        <Paper withBorder radius="lg" p="lg" role="alert" data-testid="load-error">
          <Group justify="space-between">
            <Text c="red.8">{errorText(dashboard.error, t)}</Text>
            <Button variant="light" onClick={() => dashboard.refetch()}>
              {t('dashboard.retry')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <>
          <KpiCards
            dashboard={data}
            metrics={['revenue', 'orders', 'averageOrderValue', 'conversionRate']}
            language={language}
          />
          <KpiCards dashboard={data} metrics={['sessions', 'pageViews']} language={language} />
          <Text size="xs" c="dimmed" mt={-8}>
            {t('dashboard.analytics.sessionsNote')}
          </Text>
          <SalesChart dashboard={data} language={language} />
          <StatusBreakdown dashboard={data} language={language} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <TopProducts dashboard={data} language={language} both />
          </SimpleGrid>
          <DailyTable dashboard={data} language={language} />
        </>
      )}
    </Stack>
  );
}
