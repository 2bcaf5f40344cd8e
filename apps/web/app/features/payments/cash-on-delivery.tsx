import { Button, Checkbox, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CASH_FEE_MAX,
  type CashOnDelivery,
  formatMoney,
  minorToDecimal,
  parseMoney,
  type ShippingTariff,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiSubmit } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { useSavePaymentSettings } from './queries';

interface Values {
  enabled: boolean;
  fee: string;
  everyTariff: boolean;
  tariffIds: string[];
}

const valuesOf = (setting: CashOnDelivery): Values => ({
  enabled: setting.enabled,
  fee: setting.fee > 0 ? minorToDecimal(setting.fee) : '',
  everyTariff: setting.tariffIds === null,
  tariffIds: setting.tariffIds ?? [],
});

/**
 * Cash on delivery on cp/payments (issue 14): on or off, the extra fee such orders pay, and the
 * delivery tariffs it goes with (every one, or the chosen). Orders placed with it arrive unpaid;
 * the merchant marks each paid when the courier brings the cash.
 */
export function CashOnDeliveryForm({
  marketId,
  setting,
  tariffs,
}: {
  marketId: string;
  setting: CashOnDelivery;
  /** The store's delivery tariffs (the route reads them). */
  tariffs: ShippingTariff[];
}) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const save = useSavePaymentSettings(marketId);
  const form = useForm<Values>({
    initialValues: valuesOf(setting),
    validate: {
      fee: (value) => {
        if (!value.trim()) return null;
        const fee = parseMoney(value);
        return fee === null || fee < 0 || fee > CASH_FEE_MAX ? t('messages:invalidValue') : null;
      },
      tariffIds: (value, values) =>
        values.enabled && !values.everyTariff && value.length === 0 ? t('payments.cash.tariffsRequired') : null,
    },
  });
  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = await save.mutateAsync({
      cashOnDelivery: {
        enabled: values.enabled,
        fee: values.fee.trim() ? (parseMoney(values.fee) ?? 0) : 0,
        tariffIds: values.everyTariff ? null : values.tariffIds,
      },
    });
    form.setInitialValues(valuesOf(saved.cashOnDelivery));
    form.reset();
    notice(t(saved.cashOnDelivery.enabled ? 'payments.cash.savedOn' : 'payments.cash.savedOff'));
  });
  const values = form.getValues();
  const options = tariffs.map((tariff) => ({
    value: tariff.id,
    label: `${tariff.name} · ${tariff.isFree ? t('payments.cash.freeDelivery') : formatMoney(tariff.price, i18n.language)}`,
  }));
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cash-form">
      <Stack gap="sm">
        <Switch
          label={t('payments.cash.enabled')}
          description={t('payments.cash.enabledHint')}
          data-testid="cash-enabled"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {values.enabled && (
          <>
            <TextInput
              label={t('payments.cash.fee')}
              description={t('payments.cash.feeHint')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              maw={240}
              rightSection={
                <Text size="xs" c="dimmed">
                  AZN
                </Text>
              }
              rightSectionWidth={44}
              data-testid="cash-fee"
              {...form.getInputProps('fee')}
            />
            <Checkbox
              label={t('payments.cash.everyTariff')}
              data-testid="cash-every-tariff"
              {...form.getInputProps('everyTariff', { type: 'checkbox' })}
            />
            {!values.everyTariff &&
              (options.length ? (
                <MultiSelect
                  label={t('payments.cash.tariffs')}
                  data={options}
                  searchable
                  maw={480}
                  data-testid="cash-tariffs"
                  {...form.getInputProps('tariffIds')}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('payments.cash.noTariffs')}{' '}
                  <Link to="/cp/shipping-and-delivery">{t('payments.cash.addTariff')}</Link>
                </Text>
              ))}
          </>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={!form.isDirty()} data-testid="cash-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
