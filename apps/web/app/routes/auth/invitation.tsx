import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { Invitation, UserView } from '@shop/shared';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isUnauthorized, userQuery, useSignOut } from '../../features/account/queries';
import { invitationQuery, useAcceptInvitation } from '../../features/employees/queries';
import { ApiError } from '../../lib/api';
import { rememberMarket } from '../../lib/chosen-market';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { getQueryClient } from '../../lib/query';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { PageLoader } from '../../ui/page-loader';
import type { Route } from './+types/invitation';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.invitation', { noindex: true });

/**
 * What the link offers and who is signed in, read in the browser (the session cookie is the
 * API's). A link that names nothing (withdrawn, sent again, mistyped) is said so on the page.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const client = getQueryClient();
  const [invitation, user] = await Promise.all([
    client.fetchQuery({ ...invitationQuery(params.token), staleTime: 0 }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
    client.fetchQuery({ ...userQuery, staleTime: 0 }).catch((error: unknown) => {
      if (isUnauthorized(error)) return null;
      throw error;
    }),
  ]);
  return { token: params.token, invitation, user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoader inline />;
}

/**
 * An invitation to work in a store (decision 022): who invites, to which store, at what level;
 * accepted by the person it was sent to, signed in — or, not signed in yet, after signing in or
 * registering with that e-mail (the page is where they come back to).
 */
export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { token, invitation, user } = loaderData;
  if (!invitation) {
    return (
      <Stack gap="md" data-testid="invitation-unknown">
        <Title order={2}>{t('employees.invitation.unknownTitle')}</Title>
        <Text>{t('employees.invitation.unknownText')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('employees.invitation.home')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="invitation">
      <IconMailOpened size={36} stroke={1.5} aria-hidden />
      <Title order={2}>{t('employees.invitation.title', { store: invitation.marketName })}</Title>
      <Text>{t('employees.invitation.from', { who: invitation.invitedBy, store: invitation.marketName })}</Text>
      <div>
        <Text fw={600}>{t(`employees.levels.${invitation.level}.name`)}</Text>
        <Text size="sm" c="dimmed">
          {t(`employees.levels.${invitation.level}.text`)}
        </Text>
      </div>
      <Text size="sm">{t('employees.invitation.sentTo', { email: invitation.email })}</Text>
      <InvitationAction token={token} invitation={invitation} user={user} />
    </Stack>
  );
}

function InvitationAction({
  token,
  invitation,
  user,
}: {
  token: string;
  invitation: Invitation;
  user: UserView | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const signOut = useSignOut();
  const openPanel = () => void navigate('/cp/home');

  if (invitation.status === 'expired') {
    return (
      <Alert color="orange" data-testid="invitation-expired">
        {t('messages:INVITATION_EXPIRED')}
      </Alert>
    );
  }
  const mine = user !== null && user.email.toLowerCase() === invitation.email;
  if (invitation.status === 'accepted') {
    return (
      <Stack gap="sm">
        <Alert color="teal">{t('messages:INVITATION_ACCEPTED')}</Alert>
        {mine && (
          <Button onClick={openPanel} data-testid="invitation-open">
            {t('employees.invitation.open')}
          </Button>
        )}
      </Stack>
    );
  }
  if (!user) {
    // Whichever way they go, they come back here once signed in (features/auth/session.ts).
    const remember = () => sessionStored.set(sessionKeys.pendingInvitation, token);
    const email = encodeURIComponent(invitation.email);
    return (
      <Stack gap="xs">
        <Button component={Link} to={`/login?email=${email}`} onClick={remember} data-testid="invitation-sign-in">
          {t('employees.invitation.signIn')}
        </Button>
        <Button
          component={Link}
          to={`/reg-via-email?email=${email}`}
          onClick={remember}
          variant="light"
          data-testid="invitation-register"
        >
          {t('employees.invitation.register')}
        </Button>
      </Stack>
    );
  }
  if (!mine) {
    return (
      <Stack gap="sm">
        <Alert color="orange" data-testid="invitation-other-email">
          {t('employees.invitation.otherAccount', { current: user.email, email: invitation.email })}
        </Alert>
        <Button
          variant="light"
          loading={signOut.isPending}
          onClick={() => {
            sessionStored.set(sessionKeys.pendingInvitation, token);
            void signOut.run();
          }}
        >
          {t('employees.invitation.switchAccount')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {accept.error && (
        <Alert color="red" data-testid="invitation-error">
          {errorText(accept.error, t)}
        </Alert>
      )}
      <Button
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: (market) => {
              rememberMarket(market);
              openPanel();
            },
          })
        }
        data-testid="invitation-accept"
      >
        {t('employees.invitation.accept', { store: invitation.marketName })}
      </Button>
    </Stack>
  );
}
