import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GoogleButton } from '../../features/auth/google';
import { ScreenTitle } from '../../features/auth/screen-title';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.register');

/** Registration starts here: with Google, or with an email and password (reg-via-email). */
export default function Register() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ScreenTitle title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <Button component={Link} to="/reg-via-email" fullWidth data-testid="register-with-email">
        {t('auth.register.withEmail')}
      </Button>
      <GoogleButton />
      <Text size="sm" ta="center">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to="/login">
          {t('auth.register.login')}
        </Anchor>
      </Text>
    </Stack>
  );
}
