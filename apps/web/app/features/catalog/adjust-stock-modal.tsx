import { Button, Group, Modal, NativeSelect, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adjustStockSchema, catalogLimits, INVENTORY_REASONS, type InventoryRow } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { errorText, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { Thumb } from '../../ui/panel';
import { useAdjustStock } from './queries';

type Reason = (typeof INVENTORY_REASONS)[number];
type Direction = 'add' | 'remove';
type AdjustValues = {
  direction: Direction;
  quantity: number | string;
  reason: Reason;
  note: string;
};

/** The form's rules: a whole number of units above zero, a reason, a short note. */
const adjustFormSchema = z.object({
  quantity: z
    .number('invalidStock')
    .int('invalidStock')
    .min(1, 'invalidStock')
    .max(catalogLimits.stock, 'invalidStock'),
  reason: adjustStockSchema.shape.reason,
  note: adjustStockSchema.shape.note,
});

/**
 * Adds or removes units of one SKU with a reason and an optional note → POST /Inventory/adjust.
 * Stock can't go below zero: said before asking when the count on screen already shows it, and
 * by the server (STOCK_WOULD_BE_NEGATIVE) when another change got there first.
 */
export function AdjustStockModal({
  marketId,
  row,
  onClose,
}: {
  marketId: string;
  row: InventoryRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('catalog.inventory.adjust.title')} centered size="md">
      {row && <AdjustForm key={`${row.productId}:${row.variantId}`} marketId={marketId} row={row} onDone={onClose} />}
    </Modal>
  );
}

function AdjustForm({ marketId, row, onDone }: { marketId: string; row: InventoryRow; onDone: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const adjust = useAdjustStock();
  const resolve = localizedResolver(adjustFormSchema, t);
  const form = useForm<AdjustValues>({
    initialValues: { direction: 'add', quantity: '', reason: 'received', note: '' },
    validate: (values) => {
      const errors = resolve({ ...values, quantity: values.quantity === '' ? undefined : values.quantity });
      if (!errors.quantity && values.direction === 'remove' && Number(values.quantity) > row.stock) {
        errors.quantity = t('messages:STOCK_WOULD_BE_NEGATIVE');
      }
      return errors;
    },
  });

  const quantity = typeof form.values.quantity === 'number' ? form.values.quantity : 0;
  const delta = form.values.direction === 'add' ? quantity : -quantity;
  const after = row.stock + delta;

  const submit = form.onSubmit((values) => {
    const units = Number(values.quantity);
    adjust.mutate(
      {
        marketId,
        productId: row.productId,
        variantId: row.variantId ?? undefined,
        delta: values.direction === 'add' ? units : -units,
        reason: values.reason,
        note: values.note.trim() || undefined,
      },
      {
        onSuccess: (result) => {
          notice(t('catalog.inventory.adjust.saved', { title: titleOf(row), stock: result.stock }));
          onDone();
        },
        onError: (error) => {
          // The server's refusal belongs to the quantity the owner typed.
          if (error instanceof ApiError && (error.code === 'STOCK_WOULD_BE_NEGATIVE' || error.fields.delta)) {
            form.setFieldError('quantity', errorText(error, t));
            return;
          }
          notice(errorText(error, t), 'error');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Thumb url={row.imageUrl} size={48} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {row.title}
            </Text>
            {row.variantTitle && (
              <Text size="sm" c="dimmed" truncate="end">
                {row.variantTitle}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('catalog.inventory.adjust.current', { count: row.stock })}
              {row.sku ? ` · ${t('catalog.inventory.columns.sku')}: ${row.sku}` : ''}
            </Text>
          </div>
        </Group>
        <Radio.Group
          label={t('catalog.inventory.adjust.direction')}
          data-testid="adjust-direction"
          {...form.getInputProps('direction')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="add" label={t('catalog.inventory.adjust.add')} data-testid="adjust-direction-add" />
            <Radio value="remove" label={t('catalog.inventory.adjust.remove')} data-testid="adjust-direction-remove" />
          </Group>
        </Radio.Group>
        <NumberInput
          label={t('catalog.inventory.adjust.quantity')}
          description={
            quantity > 0
              ? t('catalog.inventory.adjust.after', { from: row.stock, count: after })
              : t('catalog.inventory.adjust.quantityHint')
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          min={1}
          max={catalogLimits.stock}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          data-autofocus
          data-testid="adjust-quantity"
          {...form.getInputProps('quantity')}
        />
        <NativeSelect
          label={t('catalog.inventory.adjust.reason')}
          data={INVENTORY_REASONS.map((reason) => ({
            value: reason,
            label: t(`catalog.inventory.reasons.${reason}`),
          }))}
          data-testid="adjust-reason"
          {...form.getInputProps('reason')}
        />
        <Textarea
          label={t('catalog.inventory.adjust.note')}
          placeholder={t('catalog.inventory.adjust.notePlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          data-testid="adjust-note"
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('catalog.common.cancel')}
          </Button>
          <Button type="submit" loading={adjust.isPending} data-testid="adjust-save">
            {t('catalog.inventory.adjust.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const titleOf = (row: Pick<InventoryRow, 'title' | 'variantTitle'>) =>
  row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title;
