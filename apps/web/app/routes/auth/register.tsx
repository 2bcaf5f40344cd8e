import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GoogleButton } from '../../features/auth/google';

export function meta() {
  return [{ title: 'Register · Shop builder' }];
}

/** Registration starts here: with Google, or with an email and password (reg-via-email). */
export default function Register() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('auth.register.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('auth.register.subtitle')}
        </Text>
      </div>
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
