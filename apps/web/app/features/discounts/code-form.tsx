import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { type CodeValueType, type CodeView, discountLimits, minorToDecimal, parseMoney } from '@shop/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../ui/notice';
import { FormActions, StatusField } from '../../ui/panel';
import { useDiscountForm } from './discount-form';
import { fromPicker, toPicker } from './picker-dates';

/** What the code dialog edits: a new code, a saved one, or nothing (closed). */
export type CodeTarget = { kind: 'new' } | { kind: 'edit'; code: CodeView } | null;

type CodeValues = {
  code: string;
  valueType: CodeValueType;
  percent: number | string;
  /** Manat as typed ("5", "5,50"). */
  amountOff: string;
  minSubtotal: string;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | string;
  perCustomerLimit: number | string;
  active: boolean;
};

function valuesOf(code?: CodeView): CodeValues {
  return {
    code: code?.code ?? '',
    valueType: code?.valueType ?? 'percent',
    percent: code?.percent ?? 10,
    amountOff: code?.amountOff != null ? minorToDecimal(code.amountOff) : '',
    minSubtotal: code?.minSubtotal != null ? minorToDecimal(code.minSubtotal) : '',
    startsAt: code?.startsAt ? toPicker(code.startsAt) : null,
    endsAt: code?.endsAt ? toPicker(code.endsAt) : null,
    usageLimit: code?.usageLimit ?? '',
    perCustomerLimit: code?.perCustomerLimit ?? '',
    active: code?.active ?? true,
  };
}

/** Money typed in manat → qəpik; empty → null; not money → NaN (the schema says why). */
const money = (text: string) => (text.trim() ? (parseMoney(text) ?? Number.NaN) : null);
const whole = (value: number | string) => (typeof value === 'number' ? value : value.trim() ? Number.NaN : null);

/** Adding or editing a discount code, in a dialog over the list. */
export function CodeModal({
  marketId,
  target,
  onClose,
}: {
  marketId: string;
  target: CodeTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const code = target?.kind === 'edit' ? target.code : undefined;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {t(code ? 'codes.form.editTitle' : 'codes.form.addTitle')}
        </Title>
      }
      size="lg"
      data-testid="code-modal"
    >
      {target && <CodeForm key={code?.id ?? 'new'} marketId={marketId} code={code} onDone={onClose} />}
    </Modal>
  );
}

function CodeForm({ marketId, code, onDone }: { marketId: string; code?: CodeView; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const { form, submit, saving } = useDiscountForm<CodeValues>({
    id: code?.id,
    initialValues: valuesOf(code),
    inputOf: (values) => ({
      kind: 'code',
      marketId,
      code: values.code,
      valueType: values.valueType,
      percent: values.valueType === 'percent' ? whole(values.percent) : null,
      amountOff: values.valueType === 'amount' ? money(values.amountOff) : null,
      minSubtotal: money(values.minSubtotal),
      // Both optional: an empty picker is no bound.
      startsAt: fromPicker(values.startsAt) || null,
      endsAt: fromPicker(values.endsAt) || null,
      usageLimit: whole(values.usageLimit),
      perCustomerLimit: whole(values.perCustomerLimit),
      active: values.active,
    }),
    onSaved: (saved) => {
      const name = saved.kind === 'code' ? saved.code : '';
      notice(t(code ? 'codes.form.updated' : 'codes.form.created', { code: name }));
      onDone();
    },
  });

  const percent = form.values.valueType === 'percent';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('codes.form.code')}
          description={t('codes.form.codeHint')}
          required
          maxLength={discountLimits.code.max}
          data-autofocus
          styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
          data-testid="code-code"
          {...form.getInputProps('code')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="code-type-label">
            {t('codes.form.valueType')}
          </Text>
          <SegmentedControl
            aria-labelledby="code-type-label"
            data-testid="code-type"
            value={form.values.valueType}
            onChange={(value) => form.setFieldValue('valueType', value as CodeValueType)}
            data={[
              { value: 'percent', label: t('codes.form.percentType') },
              { value: 'amount', label: t('codes.form.amountType') },
            ]}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {percent ? (
            <NumberInput
              label={t('codes.form.percent')}
              required
              min={1}
              max={99}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              suffix=" %"
              data-testid="code-percent"
              {...form.getInputProps('percent')}
            />
          ) : (
            <TextInput
              label={t('codes.form.amountOff')}
              required
              inputMode="decimal"
              rightSection={<Text size="sm">₼</Text>}
              data-testid="code-amount"
              {...form.getInputProps('amountOff')}
            />
          )}
          <TextInput
            label={t('codes.form.minSubtotal')}
            description={t('codes.form.minSubtotalHint')}
            inputMode="decimal"
            rightSection={<Text size="sm">₼</Text>}
            data-testid="code-min-subtotal"
            {...form.getInputProps('minSubtotal')}
          />
        </SimpleGrid>
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimePicker
              label={t('codes.form.startsAt')}
              description={t('codes.form.startsAtHint')}
              clearable
              valueFormat="D MMM YYYY, HH:mm"
              leftSection={<IconCalendar size={16} aria-hidden />}
              data-testid="code-starts"
              {...form.getInputProps('startsAt')}
            />
            <DateTimePicker
              label={t('codes.form.endsAt')}
              description={t('codes.form.endsAtHint')}
              clearable
              valueFormat="D MMM YYYY, HH:mm"
              leftSection={<IconCalendar size={16} aria-hidden />}
              data-testid="code-ends"
              {...form.getInputProps('endsAt')}
            />
          </SimpleGrid>
        </DatesProvider>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('codes.form.usageLimit')}
            description={t('codes.form.usageLimitHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            data-testid="code-usage-limit"
            {...form.getInputProps('usageLimit')}
          />
          <NumberInput
            label={t('codes.form.perCustomerLimit')}
            description={t('codes.form.perCustomerLimitHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            data-testid="code-per-customer"
            {...form.getInputProps('perCustomerLimit')}
          />
        </SimpleGrid>
        <StatusField
          value={form.values.active ? 'active' : 'passive'}
          onChange={(status) => form.setFieldValue('active', status === 'active')}
          testId="code-status"
          hints={{ active: t('codes.form.activeHint'), passive: t('codes.form.passiveHint') }}
        />
        <Text size="xs" c="dimmed">
          {t('codes.form.stacking')}
        </Text>
      </Stack>
      <FormActions
        deleteLabel={t('codes.delete')}
        deleteTestId="code-delete"
        onCancel={onDone}
        saving={saving}
        saveTestId="code-save"
      />
    </form>
  );
}
