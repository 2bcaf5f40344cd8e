import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EmailSent, loginSchema, type SignedIn } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GoogleButton, googleRedirectUri } from '../../features/auth/google';
import { ScreenTitle } from '../../features/auth/screen-title';
import { destinationAfterSignIn } from '../../features/auth/session';
import { ApiError, api } from '../../lib/api';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.login');

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const form = useForm({
    mode: 'controlled',
    initialValues: { login: params.get('email') ?? '', password: '', rememberMe: false },
    validate: localizedResolver(loginSchema, t),
  });

  // Back from Google with an authorization code: exchange it (once) and sign in.
  const googleCode = params.get('code');
  const exchanged = useRef(false);
  useEffect(() => {
    if (!googleCode || exchanged.current) return;
    exchanged.current = true;
    const expected = sessionStored.get(sessionKeys.googleState);
    sessionStored.set(sessionKeys.googleState, null);
    if (!expected || expected !== params.get('state')) {
      notice(t('messages:GOOGLE_LOGIN_FAILED'), 'error');
      navigate('/login', { replace: true });
      return;
    }
    api<SignedIn>('POST', '/User/google-code', { code: googleCode, redirectUri: googleRedirectUri() })
      .then((signedIn) => destinationAfterSignIn(queryClient, signedIn))
      .then((to) => navigate(to, { replace: true }))
      .catch((error) => {
        notice(errorText(error, t), 'error');
        navigate('/login', { replace: true });
      });
  }, [googleCode, params, navigate, notice, queryClient, t]);

  const { busy, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      const { email } = await api<EmailSent>('POST', '/User/login', values);
      sessionStored.set(sessionKeys.pendingLogin, email);
      await navigate('/login-verification');
    },
    (error) => {
      // Not confirmed yet: a new code is on its way; confirm first, then sign in.
      const login = form.getValues().login.trim().toLowerCase();
      if (!(error instanceof ApiError && error.code === 'EMAIL_NOT_CONFIRMED' && login.includes('@'))) return false;
      sessionStored.set(sessionKeys.pendingEmail, login);
      notice(errorText(error, t), 'warning');
      void navigate('/email-verification');
      return true;
    },
  );

  if (googleCode) {
    return (
      <Stack align="center" py="xl">
        <Loader />
        <Text>{t('auth.login.googleWorking')}</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ScreenTitle title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
        <TextInput
          label={t('auth.fields.emailOrUsername')}
          autoComplete="username"
          data-testid="login-email"
          {...form.getInputProps('login')}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          data-testid="login-password"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox label={t('auth.login.rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
          <Anchor component={Link} to="/forgot-pass" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={busy} fullWidth data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
        <GoogleButton />
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to="/register">
            {t('auth.login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
