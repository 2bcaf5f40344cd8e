import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeStep } from '../../features/auth/code-step';
import { useCooldown } from '../../features/auth/use-cooldown';
import { ApiError, api } from '../../lib/api';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import type { Route } from './+types/email-verification';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.emailVerification');

export default function EmailVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const [email, setEmail] = useState<string | null>(null);
  // A new code starts a fresh entry: the boxes and any error of the old code go.
  const [attempt, setAttempt] = useState(0);
  const cooldown = useCooldown();

  useEffect(() => setEmail(sessionStored.get(sessionKeys.pendingEmail)), []);

  if (!email) {
    return (
      <Stack>
        <Title order={2}>{t('auth.emailVerification.title')}</Title>
        <Text>{t('auth.emailVerification.noEmail')}</Text>
        <Anchor component={Link} to="/register">
          {t('auth.login.register')}
        </Anchor>
      </Stack>
    );
  }

  const toLogin = () => navigate(`/login?email=${encodeURIComponent(email)}`);

  const confirm = async (code: string) => {
    try {
      await api('POST', '/User/confirm-email', { email, code });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_CONFIRMED') return toLogin();
      throw error;
    }
    sessionStored.set(sessionKeys.pendingEmail, null);
    notice(t('auth.emailVerification.confirmed'), 'success');
    await toLogin();
  };

  const resend = async () => {
    try {
      await api('POST', `/User/create-new-confirm-email-code?email=${encodeURIComponent(email)}`);
      cooldown.restart();
      setAttempt((n) => n + 1);
      notice(t('auth.emailVerification.resent'), 'success');
    } catch (error) {
      notice(errorText(error, t), 'error');
    }
  };

  return (
    <CodeStep
      key={attempt}
      title={t('auth.emailVerification.title')}
      subtitle={t('auth.emailVerification.subtitle', { email })}
      submitLabel={t('auth.emailVerification.submit')}
      onConfirm={confirm}
    >
      <Button variant="subtle" onClick={resend} disabled={cooldown.seconds > 0} data-testid="code-resend">
        {cooldown.seconds > 0
          ? t('auth.emailVerification.resendIn', { seconds: cooldown.seconds })
          : t('auth.emailVerification.resend')}
      </Button>
    </CodeStep>
  );
}
