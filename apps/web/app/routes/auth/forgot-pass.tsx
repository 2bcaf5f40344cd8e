import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { codeSchema, forgotPasswordSchema } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeInput } from '../../features/auth/code-input';
import { errorText, fieldErrors, localizedResolver } from '../../features/auth/form';
import { api } from '../../lib/api';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';

export function meta() {
  return [{ title: 'Forgot password · Shop builder' }];
}

/** Step one: the email gets a code; step two: the code is checked, then re-enter-pass. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: localizedResolver(forgotPasswordSchema, t),
  });

  const send = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const { email } = await api<{ email: string }>('POST', '/User/forgot-password', values);
      setSentTo(email);
      notice(t('auth.forgot.sent'), 'success');
    } catch (error) {
      form.setErrors({ ...fieldErrors(error, t), email: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  });

  const verify = async () => {
    if (!codeSchema.safeParse(code).success) {
      setCodeError(t('messages:invalidCode'));
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      await api('POST', '/User/verify-reset-code', { email: sentTo, code });
      sessionStored.set(sessionKeys.pendingEmail, sentTo);
      sessionStored.set(sessionKeys.resetCode, code);
      navigate('/re-enter-pass');
    } catch (error) {
      setCodeError(errorText(error, t));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2}>{t('auth.forgot.codeTitle')}</Title>
            <Text c="dimmed" size="sm">
              {t('auth.forgot.codeSubtitle', { email: sentTo })}
            </Text>
          </div>
          <CodeInput label={t('auth.fields.code')} value={code} onChange={setCode} error={codeError} />
          <Button type="submit" loading={busy} fullWidth data-testid="code-submit">
            {t('auth.forgot.verify')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2}>{t('auth.forgot.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('auth.forgot.subtitle')}
          </Text>
        </div>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          data-testid="forgot-email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={busy} fullWidth data-testid="forgot-submit">
          {t('auth.forgot.send')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
