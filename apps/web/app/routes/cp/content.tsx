import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/content-page';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/content';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.content');

/** The store's own pages and its navigation menus (SPEC §2 cp/content). */
export default function Content() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-content-title">
          {t('content.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('content.subtitle')}
        </Text>
      </div>
      {/* A switch of store starts afresh from that store's pages and menus. */}
      <ContentPage key={market.id} marketId={market.id} marketName={market.name} timeZone={user.timeZone} />
    </Stack>
  );
}
