import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { codeSchema } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeInput } from '../../features/auth/code-input';
import { errorText } from '../../features/auth/form';
import { destinationAfterSignIn, type SignedIn } from '../../features/auth/session';
import { api } from '../../lib/api';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';

export function meta() {
  return [{ title: 'Confirm sign-in · Shop builder' }];
}

export default function LoginVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setEmail(sessionStored.get(sessionKeys.pendingLogin));
    setChecked(true);
  }, []);
  useEffect(() => {
    if (checked && !email) navigate('/login', { replace: true });
  }, [checked, email, navigate]);

  const confirm = async (value: string) => {
    if (!codeSchema.safeParse(value).success) {
      setError(t('messages:invalidCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const signedIn = await api<SignedIn>('POST', '/User/confirm-login', { email, code: value });
      sessionStored.set(sessionKeys.pendingLogin, null);
      notice(t('auth.loginVerification.welcome'), 'success');
      navigate(await destinationAfterSignIn(queryClient, signedIn), { replace: true });
    } catch (err) {
      setError(errorText(err, t));
      setCode('');
    } finally {
      setBusy(false);
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
          <Title order={2}>{t('auth.loginVerification.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('auth.loginVerification.subtitle', { email: email ?? '' })}
          </Text>
        </div>
        <CodeInput label={t('auth.fields.code')} value={code} onChange={setCode} error={error} />
        <Button type="submit" loading={busy} fullWidth data-testid="code-submit">
          {t('auth.loginVerification.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.loginVerification.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
