import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordSchema } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ScreenTitle } from '../../features/auth/screen-title';
import { api } from '../../lib/api';
import { localizedResolver, useApiSubmit } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';
import { PasswordStrength } from '../../ui/password-strength';
import type { Route } from './+types/re-enter-pass';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.reEnterPass');

const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'required') })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordsMustMatch' });

export default function ReEnterPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNotice();
  const [reset, setReset] = useState<{ email: string; code: string } | null | undefined>(undefined);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: localizedResolver(newPasswordSchema, t),
  });

  useEffect(() => {
    const email = sessionStored.get(sessionKeys.pendingEmail);
    const code = sessionStored.get(sessionKeys.resetCode);
    setReset(email && code ? { email, code } : null);
  }, []);

  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    if (!reset) return;
    await api('POST', '/User/reset-password', { ...reset, ...values });
    sessionStored.set(sessionKeys.resetCode, null);
    sessionStored.set(sessionKeys.pendingEmail, null);
    notice(t('auth.reenter.done'), 'success');
    await navigate(`/login?email=${encodeURIComponent(reset.email)}`);
  });

  if (reset === null) {
    return (
      <Stack>
        <Text>{t('auth.reenter.restart')}</Text>
        <Anchor component={Link} to="/forgot-pass">
          {t('auth.forgot.title')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ScreenTitle
          title={t('auth.reenter.title')}
          subtitle={t('auth.reenter.subtitle', { email: reset?.email ?? '' })}
        />
        <PasswordInput
          label={t('auth.fields.newPassword')}
          description={t('auth.register.hint')}
          autoComplete="new-password"
          data-testid="reset-password"
          {...form.getInputProps('password')}
        />
        <PasswordStrength password={form.values.password} />
        <PasswordInput
          label={t('auth.fields.reenterPassword')}
          autoComplete="new-password"
          data-testid="reset-confirm"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={busy} fullWidth data-testid="reset-submit">
          {t('auth.reenter.submit')}
        </Button>
      </Stack>
    </form>
  );
}
