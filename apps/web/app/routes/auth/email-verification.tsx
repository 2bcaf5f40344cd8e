import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { codeSchema } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeInput } from '../../features/auth/code-input';
import { errorText } from '../../features/auth/form';
import { useCooldown } from '../../features/auth/use-cooldown';
import { ApiError, api } from '../../lib/api';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';

export function meta() {
  return [{ title: 'Confirm your email · Shop builder' }];
}

export default function EmailVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const [email, setEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const confirm = async (value: string) => {
    if (!codeSchema.safeParse(value).success) {
      setError(t('messages:invalidCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/User/confirm-email', { email, code: value });
      sessionStored.set(sessionKeys.pendingEmail, null);
      notice(t('auth.emailVerification.confirmed'), 'success');
      navigate(`/login?email=${encodeURIComponent(email)}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_ALREADY_CONFIRMED') {
        navigate(`/login?email=${encodeURIComponent(email)}`);
        return;
      }
      setError(errorText(err, t));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await api('POST', `/User/create-new-confirm-email-code?email=${encodeURIComponent(email)}`);
      cooldown.restart();
      setCode('');
      setError(null);
      notice(t('auth.emailVerification.resent'), 'success');
    } catch (err) {
      notice(errorText(err, t), 'error');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm(code);
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={2}>{t('auth.emailVerification.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('auth.emailVerification.subtitle', { email })}
          </Text>
        </div>
        <CodeInput label={t('auth.fields.code')} value={code} onChange={setCode} error={error} />
        <Button type="submit" loading={busy} fullWidth data-testid="code-submit">
          {t('auth.emailVerification.submit')}
        </Button>
        <Button variant="subtle" onClick={resend} disabled={cooldown.seconds > 0} data-testid="code-resend">
          {cooldown.seconds > 0
            ? t('auth.emailVerification.resendIn', { seconds: cooldown.seconds })
            : t('auth.emailVerification.resend')}
        </Button>
      </Stack>
    </form>
  );
}
