import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EmailSent, forgotPasswordSchema } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeStep } from '../../features/auth/code-step';
import { ScreenTitle } from '../../features/auth/screen-title';
import { api } from '../../lib/api';
import { errorText, localizedResolver, useApiSubmit } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import type { Route } from './+types/forgot-pass';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.forgotPass');

/** Step one: the email gets a code; step two: the code is checked, then re-enter-pass. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: localizedResolver(forgotPasswordSchema, t),
  });
  const { busy, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      const { email } = await api<EmailSent>('POST', '/User/forgot-password', values);
      setSentTo(email);
      notice(t('auth.forgot.sent'), 'success');
    },
    // "No email found" and the like belong under the one field of this form.
    (error) => {
      form.setErrors({ email: errorText(error, t) });
      return true;
    },
  );

  if (sentTo) {
    return (
      <CodeStep
        title={t('auth.forgot.codeTitle')}
        subtitle={t('auth.forgot.codeSubtitle', { email: sentTo })}
        submitLabel={t('auth.forgot.verify')}
        onConfirm={async (code) => {
          await api('POST', '/User/verify-reset-code', { email: sentTo, code });
          sessionStored.set(sessionKeys.pendingEmail, sentTo);
          sessionStored.set(sessionKeys.resetCode, code);
          await navigate('/re-enter-pass');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ScreenTitle title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
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
