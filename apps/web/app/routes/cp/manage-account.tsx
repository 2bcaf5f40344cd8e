import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CloseAccountCard } from '../../features/account/close-account';
import { ProfileForm } from '../../features/account/profile-form';
import { fetchSignedIn, isUnauthorized, userQuery } from '../../features/account/queries';
import { SecurityForm } from '../../features/account/security-form';
import { panelTitle } from '../../lib/panel-title';
import { ImageUpload } from '../../ui/image-upload';
import { MantineRoot } from '../../ui/mantine';
import { PageLoader } from '../../ui/page-loader';
import { LanguageSwitch, ThemeToggle } from '../../ui/preferences';
import type { Route } from './+types/manage-account';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.manageAccount');

/** Signed-in only, checked in the browser where the session cookie is sent. */
export async function clientLoader() {
  const user = await fetchSignedIn(userQuery);
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader />;
}

/** The account page (SPEC §2: a page of its own, outside the control-panel shell). */
export default function ManageAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const result = useQuery(userQuery);
  const user = result.data ?? loaderData.user;

  useEffect(() => {
    if (isUnauthorized(result.error)) void navigate('/login', { replace: true });
  }, [result.error, navigate]);

  return (
    <MantineRoot>
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap" maw={880} mx="auto">
          <Anchor component={Link} to="/cp/home" size="sm" fw={500} data-testid="account-back">
            <Group gap={6} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {t('cp.account.back')}
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch signedIn />
            <ThemeToggle />
          </Group>
        </Group>
      </Box>
      <Container size={880} py="xl" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2" data-testid="account-title">
              {t('cp.account.title')}
            </Title>
            <Text c="dimmed">{t('cp.account.subtitle')}</Text>
          </div>
          {/* A language chosen in the header is the profile's too: start the form from it. */}
          <ProfileForm
            key={user.language}
            user={user}
            renderPhoto={(input) => (
              <ImageUpload label={t('cp.account.profile.photo')} round testId="profile-photo" {...input} />
            )}
          />
          <SecurityForm user={user} />
          <CloseAccountCard />
        </Stack>
      </Container>
    </MantineRoot>
  );
}
