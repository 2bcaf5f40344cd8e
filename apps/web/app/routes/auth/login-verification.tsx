import { Anchor } from '@mantine/core';
import type { SignedIn } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeStep } from '../../features/auth/code-step';
import { destinationAfterSignIn } from '../../features/auth/session';
import { api } from '../../lib/api';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import type { Route } from './+types/login-verification';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.loginVerification');

export default function LoginVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    setEmail(sessionStored.get(sessionKeys.pendingLogin));
    setChecked(true);
  }, []);
  useEffect(() => {
    if (checked && !email) navigate('/login', { replace: true });
  }, [checked, email, navigate]);

  const confirm = async (code: string) => {
    const signedIn = await api<SignedIn>('POST', '/User/confirm-login', { email, code });
    sessionStored.set(sessionKeys.pendingLogin, null);
    notice(t('auth.loginVerification.welcome'), 'success');
    await navigate(await destinationAfterSignIn(queryClient, signedIn), { replace: true });
  };

  return (
    <CodeStep
      title={t('auth.loginVerification.title')}
      subtitle={t('auth.loginVerification.subtitle', { email: email ?? '' })}
      submitLabel={t('auth.loginVerification.submit')}
      onConfirm={confirm}
    >
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.loginVerification.backToLogin')}
      </Anchor>
    </CodeStep>
  );
}
