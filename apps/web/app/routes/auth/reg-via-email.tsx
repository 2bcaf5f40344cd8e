import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EmailSent, registerSchema } from '@shop/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScreenTitle } from '../../features/auth/screen-title';
import { api } from '../../lib/api';
import { localizedResolver, useApiSubmit } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { PasswordStrength } from '../../ui/password-strength';
import { useRootData } from '../../ui/preferences';
import type { Route } from './+types/reg-via-email';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'auth.regViaEmail');

export default function RegisterWithEmail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useRootData();
  // An invitation's page sends the invited e-mail along.
  const [params] = useSearchParams();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: params.get('email') ?? '', password: '', confirmPassword: '', acceptTerms: false },
    validate: localizedResolver(registerSchema, t),
    validateInputOnBlur: true,
  });

  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const { email } = await api<EmailSent>('POST', '/User/register', { ...values, language });
    sessionStored.set(sessionKeys.pendingEmail, email);
    await navigate('/email-verification');
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ScreenTitle title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          data-testid="register-email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          description={t('auth.register.hint')}
          autoComplete="new-password"
          data-testid="register-password"
          {...form.getInputProps('password')}
        />
        <PasswordStrength password={form.values.password} />
        <PasswordInput
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          data-testid="register-confirm"
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label={
            // The terms and the policy open beside the form, which keeps what was typed.
            <Trans
              i18nKey="auth.register.terms"
              components={{
                terms: <Anchor href="/terms" target="_blank" rel="noopener" data-testid="register-terms-link" />,
                privacy: <Anchor href="/privacy" target="_blank" rel="noopener" data-testid="register-privacy-link" />,
              }}
            />
          }
          data-testid="register-terms"
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Button type="submit" loading={busy} fullWidth data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('auth.register.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
