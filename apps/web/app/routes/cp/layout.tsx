import { AppShell, Burger, em, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { MarketView } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, redirect, useLocation, useNavigate, useRevalidator } from 'react-router';
import { fetchSignedIn, isUnauthorized, userQuery } from '../../features/account/queries';
import { UserMenu } from '../../features/account/user-menu';
import { canOpen } from '../../features/markets/areas';
import { ClosedStore } from '../../features/markets/closing';
import { CpNav } from '../../features/markets/cp-nav';
import { NoAccess } from '../../features/markets/no-access';
import { marketsQuery } from '../../features/markets/queries';
import { StoreSwitcher } from '../../features/markets/store-switcher';
import { SubscriptionBanner } from '../../features/payments/subscription';
import { rememberMarket, resolveChosenMarket } from '../../lib/chosen-market';
import { type ControlPanel, ControlPanelContext } from '../../lib/control-panel';
import { controlPanelTitle } from '../../lib/panel-title';
import { MantineRoot } from '../../ui/mantine';
import { PageLoader } from '../../ui/page-loader';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) => controlPanelTitle(matches);

/**
 * The guard of the whole panel, in the browser (the session cookie is the API's): a signed-in
 * owner with at least one store, and the store to manage (SPEC §3 chooseMarket). Data goes
 * into the query cache, where the screens read it.
 */
export async function clientLoader() {
  const [user, markets] = await Promise.all([fetchSignedIn(userQuery), fetchSignedIn(marketsQuery)]);
  const market = resolveChosenMarket(markets);
  if (!market) throw redirect('/create-market');
  return { user, markets, market };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader />;
}

export default function ControlPanelLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  // The panel renders in the browser only, so the first render may already know the width.
  const narrow = useMediaQuery(`(max-width: ${em(575)})`, false, { getInitialValueInEffect: false });
  const preferences = (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch signedIn />
      <ThemeToggle />
    </Group>
  );
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The cache is the live copy (renames, new stores); the loader's copy covers a cleared cache.
  const userResult = useQuery(userQuery);
  const markets = useQuery(marketsQuery).data ?? loaderData.markets;
  const user = userResult.data ?? loaderData.user;
  const market = markets.find((m) => m.id === loaderData.market.id) ?? loaderData.market;

  // A session that ends while the panel is open (expiry, sign-out in another tab).
  useEffect(() => {
    if (isUnauthorized(userResult.error)) void navigate('/login', { replace: true });
  }, [userResult.error, navigate]);

  const panel = useMemo<ControlPanel>(
    () => ({
      user,
      markets,
      market,
      switchMarket: (next: MarketView) => {
        rememberMarket(next);
        // Everything cached belonged to the previous store's view; the loader picks the new one.
        void queryClient.invalidateQueries();
        void revalidator.revalidate();
      },
    }),
    [user, markets, market, queryClient, revalidator],
  );

  return (
    <MantineRoot>
      <ControlPanelContext value={panel}>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding={{ base: 'md', sm: 'xl' }}
          data-testid="cp-shell"
        >
          <AppShell.Header>
            <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Burger
                  opened={navOpened}
                  onClick={nav.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t(navOpened ? 'cp.nav.closeMenu' : 'cp.nav.openMenu')}
                  aria-expanded={navOpened}
                  aria-controls="cp-navbar"
                />
                <Text
                  component={Link}
                  to="/cp/home"
                  fw={800}
                  size="lg"
                  c="cyan.8"
                  visibleFrom="md"
                  style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
                >
                  {t('common.brand')}
                </Text>
                <StoreSwitcher />
              </Group>
              <Group gap="xs" wrap="nowrap">
                {!narrow && preferences}
                <UserMenu user={user} />
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar id="cp-navbar" aria-label={t('cp.nav.label')}>
            <AppShell.Section grow component={ScrollArea} p="sm">
              <CpNav onNavigate={nav.close} />
            </AppShell.Section>
            {/* On the narrowest screens the header has no room for these. */}
            {narrow && <AppShell.Section p="sm">{preferences}</AppShell.Section>}
          </AppShell.Navbar>
          <AppShell.Main>
            {/* The platform's bill is the owner's to pay: an employee is not asked. */}
            {market.access === 'owner' && !market.closedAt && (
              <SubscriptionBanner marketId={market.id} timeZone={user.timeZone} />
            )}
            {market.closedAt ? (
              <ClosedStore market={market} timeZone={user.timeZone} />
            ) : canOpen(market.access, pathname) ? (
              <Outlet />
            ) : (
              <NoAccess />
            )}
          </AppShell.Main>
        </AppShell>
      </ControlPanelContext>
    </MantineRoot>
  );
}
