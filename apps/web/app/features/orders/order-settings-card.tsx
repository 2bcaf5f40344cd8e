import { Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type OrderSettings, orderSettingsSchema } from '@shop/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { LoadError } from '../../ui/panel';
import { orderName } from './format';
import { orderSettingsQuery, useSaveOrderSettings } from './queries';

/** Order settings (SPEC §2): the order ID's prefix and suffix, and automatic fulfilment after payment. */
export function OrderSettingsCard({ marketId }: { marketId: string }) {
  const { t } = useTranslation();
  const settings = useQuery(orderSettingsQuery(marketId));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      maw={720}
      component="section"
      aria-labelledby="order-settings-title"
      data-testid="order-settings"
    >
      <Title order={2} size="h4" id="order-settings-title">
        {t('orders.settings.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {t('orders.settings.subtitle')}
      </Text>
      {settings.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} marketId={marketId} saved={settings.data} />
      )}
    </Paper>
  );
}

function SettingsForm({ marketId, saved }: { marketId: string; saved: OrderSettings }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveOrderSettings();
  const resolve = localizedResolver(orderSettingsSchema, t);
  const form = useForm<Omit<OrderSettings, 'nextOrderNumber'>>({
    initialValues: { orderPrefix: saved.orderPrefix, orderSuffix: saved.orderSuffix, autoFulfill: saved.autoFulfill },
    validateInputOnChange: ['orderPrefix', 'orderSuffix'],
    validate: (values) => resolve({ marketId, ...values }),
  });
  const { values } = form;

  const submit = form.onSubmit((submitted) => {
    save.mutate(
      { marketId, ...submitted },
      {
        // The saved settings come back through the Store tag and start the form afresh.
        onSuccess: () => notice(t('orders.settings.saved')),
        onError: (error) => {
          const fields = fieldErrors(error, t);
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Group grow align="flex-start" gap="md">
          <TextInput
            label={t('orders.settings.prefix')}
            placeholder="#"
            maxLength={10}
            autoComplete="off"
            data-testid="order-prefix"
            {...form.getInputProps('orderPrefix')}
          />
          <TextInput
            label={t('orders.settings.suffix')}
            placeholder="-AZ"
            maxLength={10}
            autoComplete="off"
            data-testid="order-suffix"
            {...form.getInputProps('orderSuffix')}
          />
        </Group>
        <Paper radius="md" p="sm" bg="gray.0" aria-live="polite">
          <Text size="xs" c="dimmed" mb={4}>
            {t('orders.settings.preview')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Text ff="monospace" c="dimmed">
              {`#${saved.nextOrderNumber}`}
            </Text>
            <IconArrowRight size={16} aria-hidden />
            <Text ff="monospace" fw={700} data-testid="order-name-preview" style={{ overflowWrap: 'anywhere' }}>
              {orderName(values.orderPrefix, saved.nextOrderNumber, values.orderSuffix)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('orders.settings.previewHint', { number: saved.nextOrderNumber })}
          </Text>
        </Paper>
        <Switch
          label={t('orders.settings.autoFulfill')}
          description={t('orders.settings.autoFulfillHint')}
          data-testid="order-auto-fulfill"
          {...form.getInputProps('autoFulfill', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            {t('orders.settings.discard')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid="order-settings-save">
            {t('orders.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
