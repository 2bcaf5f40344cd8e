import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DomainsPage } from '../../features/domains/domains-page';
import { SettingsNav } from '../../features/markets/settings-nav';
import { storeAddress, useOrigin } from '../../features/markets/store-address';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/domains';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.domains');

/** Settings → domains (SPEC §2 cp/domains): the store's own addresses and how to connect them. */
export default function Domains() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  const origin = useOrigin();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-domains-title">
          {t('domains.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('domains.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      {/* A switch of store starts afresh from that store's domains, with no answer of the other's left. */}
      <DomainsPage
        key={market.id}
        marketId={market.id}
        platformAddress={storeAddress(origin, market.name)}
        timeZone={user.timeZone}
      />
    </Stack>
  );
}
