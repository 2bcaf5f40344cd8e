import {
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { commerceLimits, createTariffSchema, type ShippingTariff } from '@shop/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { FormActions } from '../../ui/panel';
import {
  type ConditionKind,
  emptyTariffValues,
  formField,
  parseWeight,
  type TariffValues,
  tariffInput,
  tariffValues,
  type WeightUnit,
  weightText,
} from './form-values';
import { useSaveTariff } from './queries';
import { RegionSelect } from './region-select';

/** What the rate dialog edits: a new rate, a saved one, or nothing (closed). */
export type TariffTarget = { kind: 'new' } | { kind: 'edit'; tariff: ShippingTariff } | null;

/** Adding or editing a rate, in a dialog over the list. */
export function TariffModal({
  marketId,
  target,
  onClose,
  onDelete,
}: {
  marketId: string;
  target: TariffTarget;
  onClose: () => void;
  onDelete: (tariff: ShippingTariff) => void;
}) {
  const { t } = useTranslation();
  const tariff = target?.kind === 'edit' ? target.tariff : undefined;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {t(tariff ? 'shipping.form.editTitle' : 'shipping.form.addTitle')}
        </Title>
      }
      size="lg"
      data-testid="tariff-modal"
    >
      {target && (
        <TariffForm
          key={tariff?.id ?? 'new'}
          marketId={marketId}
          tariff={tariff}
          onDone={onClose}
          onDelete={tariff ? () => onDelete(tariff) : undefined}
        />
      )}
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function TariffForm({
  marketId,
  tariff,
  onDone,
  onDelete,
}: {
  marketId: string;
  tariff?: ShippingTariff;
  onDone: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveTariff();
  const resolve = localizedResolver(createTariffSchema, t);
  const form = useForm<TariffValues>({
    initialValues: tariff ? tariffValues(tariff) : emptyTariffValues(),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(resolve({ ...tariffInput(values, marketId) }))) {
        errors[formField(path)] ??= message;
      }
      // The schema lets a missing price be 0; a paid rate's price is asked for.
      if (!values.isFree && !values.price.trim()) errors.price ??= t('messages:priceRequired');
      return errors;
    },
  });
  const { values } = form;
  const custom = values.type === 'custom';
  const byWeight = values.condition === 'weight';

  /** A change of unit converts what was typed, so the bound stays the same weight. */
  const changeUnit = (unit: WeightUnit) => {
    const convert = (text: string) => {
      const grams = parseWeight(text, values.weightUnit);
      return grams === null || Number.isNaN(grams) ? text : weightText(grams, unit);
    };
    form.setValues({
      weightUnit: unit,
      conditionMin: convert(values.conditionMin),
      conditionMax: convert(values.conditionMax),
    });
  };

  /** Bounds of money and of weight are different numbers: a change of basis starts them afresh. */
  const changeCondition = (condition: ConditionKind) => {
    if (condition === values.condition) return;
    form.setValues({ condition, conditionMin: '', conditionMax: '' });
    form.clearFieldError('conditionMin');
    form.clearFieldError('conditionMax');
  };

  const submit = form.onSubmit((submitted) => {
    const input = tariffInput(submitted, marketId);
    save.mutate(tariff ? { ...input, id: tariff.id } : input, {
      onSuccess: (saved) => {
        notice(t(tariff ? 'shipping.form.updated' : 'shipping.form.created', { name: saved.name }));
        onDone();
      },
      onError: (error) => {
        const fields: Record<string, string> = {};
        for (const [path, message] of Object.entries(fieldErrors(error, t))) fields[formField(path)] ??= message;
        form.setErrors(fields);
        if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
      },
    });
  });

  const unitLabel = byWeight ? t(`shipping.units.${values.weightUnit}`) : 'AZN';
  const boundInput = (field: 'conditionMin' | 'conditionMax') => (
    <TextInput
      label={t(field === 'conditionMin' ? 'shipping.form.min' : 'shipping.form.max')}
      inputMode="decimal"
      autoComplete="off"
      placeholder={byWeight ? (values.weightUnit === 'kg' ? '0.5' : '500') : '0.00'}
      rightSection={
        <Text size="xs" c="dimmed">
          {unitLabel}
        </Text>
      }
      rightSectionWidth={44}
      data-testid={field === 'conditionMin' ? 'tariff-condition-min' : 'tariff-condition-max'}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('shipping.form.details')}>
          <TextInput
            label={t('shipping.form.name')}
            description={t('shipping.form.nameHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('shipping.form.namePlaceholder')}
            required
            maxLength={commerceLimits.name}
            data-autofocus
            data-testid="tariff-name"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('shipping.form.description')}
            placeholder={t('shipping.form.descriptionPlaceholder')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={500}
            data-testid="tariff-description"
            {...form.getInputProps('description')}
          />
        </Section>

        <Divider />
        <Section title={t('shipping.form.pricing')}>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="tariff-type-label">
              {t('shipping.form.type')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="tariff-type-label"
              value={values.type}
              onChange={(type) => form.setFieldValue('type', type as TariffValues['type'])}
              data={[
                { value: 'flat', label: t('shipping.form.flat') },
                { value: 'custom', label: t('shipping.form.custom') },
              ]}
              data-testid="tariff-type"
            />
            <Text size="xs" c="dimmed">
              {t(custom ? 'shipping.form.customHint' : 'shipping.form.flatHint')}
            </Text>
            {form.errors.condition && !custom && (
              <Text size="xs" c="red">
                {form.errors.condition}
              </Text>
            )}
          </Stack>

          {custom && (
            <Stack gap="sm" data-testid="tariff-condition-fields">
              <Stack gap={6}>
                <Text size="sm" fw={500} id="tariff-condition-label">
                  {t('shipping.form.basedOn')}
                </Text>
                <SegmentedControl
                  fullWidth
                  aria-labelledby="tariff-condition-label"
                  value={values.condition}
                  onChange={(condition) => changeCondition(condition as ConditionKind)}
                  data={[
                    { value: 'order_total', label: t('shipping.form.byTotal') },
                    { value: 'weight', label: t('shipping.form.byWeight') },
                  ]}
                  data-testid="tariff-form-condition"
                />
                {form.errors.condition && (
                  <Text size="xs" c="red">
                    {form.errors.condition}
                  </Text>
                )}
              </Stack>
              <SimpleGrid cols={{ base: 1, xs: byWeight ? 3 : 2 }} spacing="sm">
                {boundInput('conditionMin')}
                {boundInput('conditionMax')}
                {byWeight && (
                  <Stack gap={6}>
                    <Text size="sm" fw={500} id="tariff-unit-label">
                      {t('shipping.form.unit')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="tariff-unit-label"
                      value={values.weightUnit}
                      onChange={(unit) => changeUnit(unit as WeightUnit)}
                      data={[
                        { value: 'kg', label: t('shipping.units.kg') },
                        { value: 'g', label: t('shipping.units.g') },
                      ]}
                      data-testid="tariff-weight-unit"
                    />
                  </Stack>
                )}
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t(byWeight ? 'shipping.form.weightHint' : 'shipping.form.totalHint')}
              </Text>
            </Stack>
          )}

          <Switch
            label={t('shipping.form.free')}
            description={t('shipping.form.freeHint')}
            data-testid="tariff-free"
            {...form.getInputProps('isFree', { type: 'checkbox' })}
          />
          {!values.isFree && (
            <TextInput
              label={t('shipping.form.price')}
              required
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
              data-testid="tariff-form-price"
              {...form.getInputProps('price')}
            />
          )}
        </Section>

        <Divider />
        <Section title={t('shipping.form.zoneSection')}>
          <RegionSelect
            value={values.regions}
            onChange={(codes) => form.setFieldValue('regions', codes)}
            error={form.errors.regions}
          />
          <TextInput
            label={t('shipping.form.location')}
            description={t('shipping.form.locationHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('shipping.form.locationPlaceholder')}
            maxLength={commerceLimits.address}
            data-testid="tariff-location"
            {...form.getInputProps('fulfilmentLocation')}
          />
          <Group grow align="flex-start" gap="sm">
            <NumberInput
              label={t('shipping.form.minDays')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              data-testid="tariff-min-days"
              {...form.getInputProps('minDays')}
            />
            <NumberInput
              label={t('shipping.form.maxDays')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              data-testid="tariff-max-days"
              {...form.getInputProps('maxDays')}
            />
          </Group>
        </Section>

        <Divider />
        <Switch
          label={t('shipping.form.active')}
          description={t('shipping.form.activeHint')}
          data-testid="tariff-active"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </Stack>
      <FormActions
        onDelete={onDelete}
        deleteLabel={t('shipping.form.delete')}
        deleteTestId="tariff-form-delete"
        onCancel={onDone}
        saving={save.isPending}
        saveTestId="tariff-save"
      />
    </form>
  );
}
