import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmployeesPage } from '../../features/employees/employees-page';
import { SettingsNav } from '../../features/markets/settings-nav';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/employees';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.employees');

/** Settings → employees (SPEC §6): who works in the store, at what level; the owner's alone. */
export default function Employees() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-employees-title">
          {t('employees.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('employees.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      <EmployeesPage key={market.id} marketId={market.id} timeZone={user.timeZone} />
    </Stack>
  );
}
