import { Box, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UpdateOwnerInput, type UserView, updateOwnerSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { PasswordStrength } from '../../ui/password-strength';
import { useUpdateOwner } from './queries';

type SecurityValues = {
  username: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

const valuesOf = (user: UserView): SecurityValues => ({
  username: user.username ?? '',
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

/**
 * The account's sign-in details → PUT /User/update-owner: the username, and a new password
 * (which needs the current one, unless the account has none yet, as after Google sign-up).
 */
export function SecurityForm({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const update = useUpdateOwner();
  const form = useForm<SecurityValues>({ initialValues: valuesOf(user) });

  /** Only what is being changed is sent, so only that is checked. */
  const changesOf = (values: SecurityValues): UpdateOwnerInput => {
    const changes: UpdateOwnerInput = {};
    if (values.username !== (user.username ?? '')) changes.username = values.username;
    if (values.newPassword || values.confirmPassword) {
      changes.newPassword = values.newPassword;
      changes.confirmPassword = values.confirmPassword;
      if (user.hasPassword) changes.currentPassword = values.currentPassword;
    }
    return changes;
  };
  const resolve = localizedResolver(updateOwnerSchema, t);
  const validate = (values: SecurityValues) => {
    const changes = changesOf(values);
    const errors: Record<string, string> = resolve(changes);
    if (changes.newPassword !== undefined && !changes.newPassword) errors.newPassword = t('messages:required');
    if (changes.currentPassword !== undefined && !changes.currentPassword)
      errors.currentPassword = t('messages:required');
    return errors;
  };

  const submit = form.onSubmit((values) => {
    const errors = validate(values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    update.mutate(changesOf(values), {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        // The saved values are the new baseline: nothing is dirty, Discard returns here.
        form.setValues(next);
        form.resetDirty(next);
        notice(t('cp.account.security.saved'));
      },
      onError: (error) => {
        const fields = fieldErrors(error, t);
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby="security-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="security-title">
              {t('cp.account.security.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cp.account.security.text')}
            </Text>
          </div>
          <TextInput label={t('cp.account.security.email')} value={user.email} readOnly variant="filled" />
          <TextInput
            label={t('cp.account.security.username')}
            description={t('cp.account.security.usernameHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            data-testid="account-username"
            {...form.getInputProps('username')}
          />
          <Title order={3} size="h5" mt="xs">
            {user.hasPassword ? t('cp.account.security.changePassword') : t('cp.account.security.setPassword')}
          </Title>
          {!user.hasPassword && (
            <Text size="sm" c="dimmed">
              {t('cp.account.security.noPasswordYet')}
            </Text>
          )}
          {user.hasPassword && (
            <PasswordInput
              label={t('cp.account.security.currentPassword')}
              autoComplete="current-password"
              data-testid="account-current-password"
              {...form.getInputProps('currentPassword')}
            />
          )}
          <div>
            <PasswordInput
              label={t('cp.account.security.newPassword')}
              // While typing, the strength meter below lists the same rules, ticked.
              description={form.values.newPassword ? undefined : t('cp.account.security.passwordHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="new-password"
              data-testid="account-new-password"
              {...form.getInputProps('newPassword')}
            />
            {form.values.newPassword && (
              <Box mt={8}>
                <PasswordStrength password={form.values.newPassword} />
              </Box>
            )}
          </div>
          <PasswordInput
            label={t('cp.account.security.confirmPassword')}
            autoComplete="new-password"
            data-testid="account-confirm-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="account-save">
              {t('cp.account.security.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
