import { Button, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { MarketView } from '@shop/shared';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useNavigate } from 'react-router';
import { fetchSignedIn } from '../../features/account/queries';
import { MarketLogo } from '../../features/markets/market-logo';
import { marketsQuery } from '../../features/markets/queries';
import { storeAddress, useOrigin } from '../../features/markets/store-address';
import { rememberMarket } from '../../lib/chosen-market';
import { panelTitle } from '../../lib/panel-title';
import { PageLoader } from '../../ui/page-loader';
import type { Route } from './+types/choose-market';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.chooseMarket', { noindex: true });

/** The owner's stores, fetched in the browser where the session cookie goes with the call. */
export async function clientLoader() {
  const markets = await fetchSignedIn(marketsQuery);
  if (markets.length === 0) throw redirect('/create-market');
  return { markets };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader inline />;
}

function MarketChoice({ market, onChoose }: { market: MarketView; onChoose: () => void }) {
  const { t } = useTranslation();
  const origin = useOrigin();
  return (
    <UnstyledButton
      onClick={onChoose}
      aria-label={t('cp.markets.choose.open', { name: market.name })}
      data-testid="market-choice"
      w="100%"
      p="sm"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <MarketLogo market={market} size={44} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} truncate="end">
          {market.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" truncate="end">
          {storeAddress(origin, market.name)}
        </Text>
      </div>
      <IconChevronRight size={18} color="var(--mantine-color-gray-6)" aria-hidden />
    </UnstyledButton>
  );
}

/** After sign-in: which store to manage (SPEC §2 "Store chooser"). */
export default function ChooseMarket({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markets = useQuery(marketsQuery).data ?? loaderData.markets;

  const choose = (market: MarketView) => {
    rememberMarket(market);
    void navigate('/cp/home');
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('cp.markets.choose.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('cp.markets.choose.text')}
        </Text>
      </div>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {markets.map((market) => (
          <li key={market.id}>
            <MarketChoice market={market} onChoose={() => choose(market)} />
          </li>
        ))}
      </Stack>
      <Button
        component={Link}
        to="/create-market"
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        data-testid="create-market-link"
      >
        {t('cp.markets.createNew')}
      </Button>
    </Stack>
  );
}
