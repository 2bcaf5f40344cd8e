import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnalyticsIntegrations } from '../../features/analytics-integration/integrations';
import { SettingsNav } from '../../features/markets/settings-nav';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/analytics-integration';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.analyticsIntegration');

/** Settings → analytics pixels of the managed store (SPEC §2 cp/analytics-integration). */
export default function AnalyticsIntegration() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-analytics-integration-title">
          {t('analytics.integration.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('analytics.integration.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      {/* A switch of store starts the cards afresh from that store's ids. */}
      <AnalyticsIntegrations key={market.id} marketId={market.id} />
    </Stack>
  );
}
