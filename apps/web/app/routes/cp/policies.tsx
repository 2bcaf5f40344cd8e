import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { PoliciesPage } from '../../features/policies/policies-page';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/policies';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.policies');

/** Settings → policies (SPEC §2 cp/policies): return and refund, privacy, terms, shipping, contact. */
export default function Policies() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-policies-title">
          {t('policies.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('policies.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      {/* A switch of store starts afresh from that store's policies, with no edit of the other's left. */}
      <PoliciesPage key={market.id} marketId={market.id} marketName={market.name} user={user} />
    </Stack>
  );
}
