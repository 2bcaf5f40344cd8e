import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { canAccess } from '@shop/shared';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DiscountSales } from '../../features/dashboard/discount-sales';
import { KpiCards } from '../../features/dashboard/kpi-cards';
import { useDashboard } from '../../features/dashboard/queries';
import { rangeSearch, useDashboardRange } from '../../features/dashboard/range';
import { RangePicker } from '../../features/dashboard/range-picker';
import { SalesChart } from '../../features/dashboard/sales-chart';
import { SetupChecklist, setupSteps } from '../../features/dashboard/setup-checklist';
import { TodoCard } from '../../features/dashboard/todo-card';
import { TopProducts } from '../../features/dashboard/top-products';
import { useControlPanel } from '../../lib/control-panel';
import { displayName } from '../../lib/display';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.home');

/**
 * How the store is doing: revenue, orders, average order value and conversion for a period with
 * their change from the period before, sales by day, best sellers, sales by discount, and what
 * waits to be done.
 */
export default function Home() {
  const { market } = useControlPanel();
  // An employee whose level has no dashboard starts from their own work (decision 022).
  return canAccess(market.access, 'analytics') ? <Dashboard /> : <EmployeeHome />;
}

function Dashboard() {
  const { t } = useTranslation();
  const { user, market } = useControlPanel();
  const { language } = useRootData();
  const [range, setRange] = useDashboardRange(user.timeZone);
  const dashboard = useDashboard(market.id, range);
  const steps = setupSteps(user, market);
  const data = dashboard.data?.marketId === market.id ? dashboard.data : undefined;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" data-testid="cp-home-title">
            {t('cp.home.greeting', { name: displayName(user) })}
          </Title>
          <Text c="dimmed">{t('dashboard.subtitle')}</Text>
        </div>
        <Button
          component={Link}
          to={`/cp/analytics/${market.id}${rangeSearch(range)}`}
          variant="light"
          leftSection={<IconChartBar size={16} aria-hidden />}
          data-testid="open-analytics"
        >
          {t('dashboard.analytics.open')}
        </Button>
      </Group>
      <RangePicker range={range} timeZone={user.timeZone} onChange={setRange} />
      {/* Every order figure below counts the same orders: say which. */}
      <Text size="sm" c="dimmed" mt={-8} data-testid="dashboard-basis">
        {t('dashboard.basis')}
      </Text>
      {dashboard.isError && !data ? (
        <Paper withBorder radius="lg" p="lg" role="alert" data-testid="load-error">
          <Group justify="space-between">
            <Text c="red.8">{errorText(dashboard.error, t)}</Text>
            <Anchor component="button" type="button" onClick={() => dashboard.refetch()}>
              {t('dashboard.retry')}
            </Anchor>
          </Group>
        </Paper>
      ) : (
        <>
          <KpiCards
            dashboard={data}
            metrics={['revenue', 'orders', 'averageOrderValue', 'conversionRate']}
            language={language}
          />
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <SalesChart dashboard={data} language={language} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                {canAccess(market.access, 'orders') && <TodoCard marketId={market.id} />}
                {market.access === 'owner' && steps.some((s) => !s.done) && <SetupChecklist steps={steps} />}
              </Stack>
            </Grid.Col>
          </Grid>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <TopProducts dashboard={data} language={language} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <DiscountSales dashboard={data} language={language} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** The screens a level works in, by their sidebar names. */
const SECTIONS = [
  { key: 'orders', to: '/cp/orders', area: 'orders' },
  { key: 'customers', to: '/cp/customers', area: 'orders' },
  { key: 'abandonedCheckouts', to: '/cp/abandoned-checkouts', area: 'orders' },
  { key: 'products', to: '/cp/products', area: 'catalog' },
  { key: 'categories', to: '/cp/categories', area: 'catalog' },
  { key: 'collections', to: '/cp/collections', area: 'catalog' },
  { key: 'inventory', to: '/cp/inventory', area: 'catalog' },
  { key: 'discounts', to: '/cp/pop-up', area: 'catalog' },
] as const;

/**
 * The home of an employee whose level has no dashboard (decision 022): which store they work in,
 * what their access opens, and the way into it; with the orders to send when orders are theirs.
 */
function EmployeeHome() {
  const { t } = useTranslation();
  const { user, market } = useControlPanel();
  const level = market.access === 'owner' ? 'full' : market.access;
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2" data-testid="cp-home-title">
        {t('cp.home.greeting', { name: displayName(user) })}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="employee-home">
        <Stack gap="sm">
          <Text>{t('employees.home.worksIn', { store: market.name, level: t(`employees.levels.${level}.name`) })}</Text>
          <Text size="sm" c="dimmed">
            {t(`employees.levels.${level}.text`)}
          </Text>
          <Group gap="xs">
            {SECTIONS.filter((s) => canAccess(market.access, s.area)).map((section) => (
              <Button key={section.key} component={Link} to={section.to} variant="light" size="sm">
                {t(`cp.nav.${section.key}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
      {canAccess(market.access, 'orders') && <TodoCard marketId={market.id} />}
    </Stack>
  );
}
