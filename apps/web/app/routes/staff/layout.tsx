import {
  ActionIcon,
  AppShell,
  Badge,
  Box,
  Button,
  Center,
  em,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UserView } from '@shop/shared';
import {
  IconArrowLeft,
  IconArticle,
  IconBriefcase,
  IconBug,
  IconBuildingStore,
  IconInbox,
  IconLayoutDashboard,
  IconLock,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { fetchSignedIn, isUnauthorized, userQuery } from '../../features/account/queries';
import { UserMenu } from '../../features/account/user-menu';
import { unansweredRequestsQuery } from '../../features/staff/request-queries';
import { receivedApplicationsQuery } from '../../features/staff/vacancy-queries';
import { staffAreaTitle } from '../../lib/panel-title';
import { type StaffArea, StaffAreaContext } from '../../lib/staff-area';
import { MantineRoot } from '../../ui/mantine';
import { PageLoader } from '../../ui/page-loader';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) => staffAreaTitle(matches);

/**
 * The guard of the staff area, in the browser (the session cookie is the API's): signed in, else
 * the sign-in page. Whether the user is one of the staff is the layout's to say (a page of its
 * own, not an error); the API refuses everyone else regardless.
 */
export async function clientLoader() {
  const user = await fetchSignedIn(userQuery);
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader />;
}

/**
 * The platform's staff's own area (issue 17): every store and the corrections of its balance, the
 * platform's writing (blog, tutorials, help centre), and visitors' requests.
 */
export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(`(max-width: ${em(575)})`, false, { getInitialValueInEffect: false });
  const userResult = useQuery(userQuery);
  const user = userResult.data ?? loaderData.user;

  // A session that ends while the area is open (expiry, sign-out in another tab).
  useEffect(() => {
    if (isUnauthorized(userResult.error)) void navigate('/login', { replace: true });
  }, [userResult.error, navigate]);

  const area = useMemo<StaffArea>(() => ({ user }), [user]);

  return (
    <MantineRoot>
      <AppShell header={{ height: 60 }} padding={{ base: 'md', sm: 'xl' }} data-testid="staff-shell">
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Text
                component={Link}
                to="/staff/stores"
                fw={800}
                size="lg"
                c="cyan.8"
                visibleFrom="md"
                style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
              >
                {t('common.brand')}
              </Text>
              <Badge
                component={Link}
                to="/staff/stores"
                variant="light"
                color="grape"
                size="lg"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                data-testid="staff-area-badge"
              >
                {t('staff.area.name')}
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                component={Link}
                to="/cp/home"
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={14} aria-hidden />}
                visibleFrom="sm"
                data-testid="staff-to-panel"
              >
                {t('staff.area.toPanel')}
              </Button>
              <ActionIcon
                component={Link}
                to="/cp/home"
                variant="subtle"
                size="lg"
                hiddenFrom="sm"
                aria-label={t('staff.area.toPanel')}
                title={t('staff.area.toPanel')}
              >
                <IconLayoutDashboard size={20} aria-hidden />
              </ActionIcon>
              {!narrow && (
                <>
                  <LanguageSwitch signedIn />
                  <ThemeToggle />
                </>
              )}
              <UserMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          {user.staff ? (
            <StaffAreaContext value={area}>
              <StaffNav />
              <Outlet />
            </StaffAreaContext>
          ) : (
            <StaffOnly user={user} />
          )}
          {/* On the narrowest screens the header has no room for these. */}
          {narrow && (
            <Group gap="xs" justify="center" mt="xl">
              <LanguageSwitch signedIn />
              <ThemeToggle />
            </Group>
          )}
        </AppShell.Main>
      </AppShell>
    </MantineRoot>
  );
}

const SECTIONS = [
  { key: 'stores', to: '/staff/stores', Icon: IconBuildingStore },
  { key: 'articles', to: '/staff/articles', Icon: IconArticle },
  { key: 'requests', to: '/staff/requests', Icon: IconInbox },
  { key: 'bugReports', to: '/staff/bug-reports', Icon: IconBug },
  { key: 'vacancies', to: '/staff/vacancies', Icon: IconBriefcase },
  { key: 'applications', to: '/staff/applications', Icon: IconUsers },
] as const;

/** The careers' parts are named in their own namespace (hiring.json). */
const navText = (key: (typeof SECTIONS)[number]['key']) =>
  key === 'vacancies' || key === 'applications' ? `hiring.nav.${key}` : `staff.nav.${key}`;

/**
 * The area's parts; a store's page is under Stores, an article's editor under Writing. Requests
 * carries the number of new ones and Applications those nobody has looked at, so that they are
 * seen from anywhere in the area.
 */
function StaffNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unanswered = useQuery(unansweredRequestsQuery()).data ?? 0;
  const received = useQuery(receivedApplicationsQuery()).data ?? 0;
  return (
    <Box
      component="nav"
      aria-label={t('staff.nav.label')}
      mb="lg"
      pb="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="staff-nav"
    >
      <Group gap="xs">
        {SECTIONS.map(({ key, to, Icon }) => {
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button
              key={key}
              component={Link}
              to={to}
              variant={current ? 'light' : 'subtle'}
              color={current ? 'cyan' : 'gray'}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={
                key === 'requests' && unanswered > 0 ? (
                  <>
                    <Badge
                      size="sm"
                      circle={unanswered < 10}
                      color="blue"
                      aria-hidden
                      data-testid="staff-nav-requests-new"
                    >
                      {unanswered}
                    </Badge>
                    <VisuallyHidden>{t('staff.nav.newRequests', { count: unanswered })}</VisuallyHidden>
                  </>
                ) : key === 'applications' && received > 0 ? (
                  <>
                    <Badge
                      size="sm"
                      circle={received < 10}
                      color="blue"
                      aria-hidden
                      data-testid="staff-nav-applications-new"
                    >
                      {received}
                    </Badge>
                    <VisuallyHidden>{t('hiring.nav.newApplications', { count: received })}</VisuallyHidden>
                  </>
                ) : undefined
              }
              aria-current={current ? 'page' : undefined}
              data-testid={`staff-nav-${key}`}
            >
              {t(navText(key))}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}

/** What a signed-in merchant who is not one of the staff finds here: whose area it is, and the way back. */
function StaffOnly({ user }: { user: UserView }) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="staff-only">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon variant="light" color="gray" size={64} radius="xl">
            <IconLock size={32} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h3" data-testid="staff-only-title">
            {t('messages:FORBIDDEN')}
          </Title>
          <Text c="dimmed">{t('staff.forbidden.text', { email: user.email })}</Text>
          <Button component={Link} to="/cp/home" variant="light" mt="xs" data-testid="staff-only-back">
            {t('staff.forbidden.back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
