import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { storeAddress, useOrigin } from '../../features/markets/store-address';
import { panelTitle } from '../../lib/panel-title';
import { storageKeys, stored } from '../../lib/storage';
import { PageLoader } from '../../ui/page-loader';
import type { Route } from './+types/create-market-finish';

export const meta: Route.MetaFunction = ({ matches }) =>
  panelTitle(matches, 'auth.createMarketFinish', { noindex: true });

/** The store just created is the remembered one (create-market stores it before coming here). */
export function clientLoader() {
  const name = stored.get(storageKeys.storeName);
  if (!name) throw redirect('/choose-market');
  return { name };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader inline />;
}

export default function CreateMarketFinish({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const origin = useOrigin();
  const { name } = loaderData;
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="cyan">
        <IconConfetti size={34} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2" data-testid="create-market-finish-title">
        {t('cp.markets.finish.title')}
      </Title>
      <Text>{t('cp.markets.finish.text', { name })}</Text>
      <Paper withBorder radius="md" px="md" py="xs" w="100%" bg="var(--mantine-color-gray-0)">
        <Text size="xs" c="dimmed">
          {t('cp.markets.addressLabel')}
        </Text>
        <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="create-market-finish-address">
          {storeAddress(origin, name)}
        </Text>
      </Paper>
      <Text size="sm" c="dimmed">
        {t('cp.markets.finish.next')}
      </Text>
      <Button component={Link} to="/cp/home" fullWidth size="md" data-testid="go-to-cp">
        {t('cp.markets.finish.goToPanel')}
      </Button>
    </Stack>
  );
}
