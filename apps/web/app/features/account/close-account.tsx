import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { closeWithPasswordSchema, type SignedOut } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { localizedResolver, useApiSubmit } from '../../lib/form';
import { storageKeys, stored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';

/**
 * Closing the whole account (decision 023): every store closed, every session ended; signing in
 * again within two years opens it again. Asked with the password, after saying what happens.
 */
export function CloseAccountCard() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { password: '' }, validate: localizedResolver(closeWithPasswordSchema, t) });
  const { busy, onSubmit } = useApiSubmit(form, async ({ password }) => {
    await api<SignedOut>('POST', '/User/close-account', { password });
    stored.set(storageKeys.chooseMarket, null);
    stored.set(storageKeys.storeName, null);
    notice(t('closing.account.closed'));
    await navigate('/', { replace: true });
    queryClient.clear();
  });
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="close-account-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="close-account-title">
          {t('closing.account.title')}
        </Title>
        <Text size="sm">{t('closing.account.text')}</Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setOpened(true)} data-testid="close-account-open">
            {t('closing.account.close')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('closing.account.title')} centered>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('closing.account.confirm')}</Text>
            <PasswordInput
              label={t('closing.password')}
              autoComplete="current-password"
              data-testid="close-account-password"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('closing.cancel')}
              </Button>
              <Button type="submit" color="red" loading={busy} data-testid="close-account-confirm">
                {t('closing.account.close')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
