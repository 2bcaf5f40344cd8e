import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { adjustStockSchema, catalogLimits, INVENTORY_REASONS, type InventoryRow } from '@shop/shared';
import { IconLockOpen, IconShoppingCartPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { formatTime } from '../../lib/display';
import { errorText, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { Thumb } from '../../ui/panel';
import { belowHeld, minutesLeft } from './held';
import { useAdjustStock, useReleaseHolds } from './queries';
import { ReleaseHoldsDialog } from './release-holds-dialog';

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
 * Stock can't go below zero, nor below what checkouts hold while shoppers pay: said before asking
 * when the counts on screen already show it, and by the server (STOCK_WOULD_BE_NEGATIVE,
 * STOCK_HELD) when another change got there first. Held units can be released from here.
 * `row` follows the list, so the counts change here once a release or a refresh changes them.
 */
export function AdjustStockModal({
  marketId,
  row,
  timeZone,
  onClose,
}: {
  marketId: string;
  row: InventoryRow | null;
  /** The merchant's time zone, for when the holds end. */
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    // The release confirmation shows over this dialog and hands back to it.
    <Modal.Stack>
      <Modal
        stackId="adjust-stock"
        opened={row !== null}
        onClose={onClose}
        title={t('catalog.inventory.adjust.title')}
        centered
        size="md"
      >
        {row && (
          <AdjustForm
            key={`${row.productId}:${row.variantId}`}
            marketId={marketId}
            row={row}
            timeZone={timeZone}
            onDone={onClose}
          />
        )}
      </Modal>
    </Modal.Stack>
  );
}

function AdjustForm({
  marketId,
  row,
  timeZone,
  onDone,
}: {
  marketId: string;
  row: InventoryRow;
  timeZone: string;
  onDone: () => void;
}) {
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
      } else if (!errors.quantity && values.direction === 'remove' && belowHeld(row, Number(values.quantity))) {
        errors.quantity = t('messages:STOCK_HELD', { held: row.held, minutes: minutesLeft(row.heldUntil) });
      }
      return errors;
    },
  });

  // The release is asked about here, not in the note: the note goes once nothing is held.
  const release = useReleaseHolds();
  /** The held units the release dialog asks about; null: closed. */
  const [releasing, setReleasing] = useState<number | null>(null);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const releaseHolds = () =>
    release.mutate(
      { marketId, productId: row.productId, variantId: row.variantId ?? undefined },
      {
        onSuccess: ({ units }) => {
          setReleasing(null);
          // A refusal because of those holds no longer stands.
          form.clearFieldError('quantity');
          notice(units > 0 ? t('catalog.held.release.done', { count: units }) : t('catalog.held.release.none'));
        },
        onError: (error) => setReleaseError(errorText(error, t)),
      },
    );

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
          if (
            error instanceof ApiError &&
            (error.code === 'STOCK_WOULD_BE_NEGATIVE' || error.code === 'STOCK_HELD' || error.fields.delta)
          ) {
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
            {row.sku && (
              <Text size="xs" c="dimmed">
                {`${t('catalog.inventory.columns.sku')}: ${row.sku}`}
              </Text>
            )}
          </div>
        </Group>
        <StockFigures row={row} />
        {row.held > 0 && (
          <HeldNote
            row={row}
            timeZone={timeZone}
            onRelease={() => {
              setReleaseError(null);
              setReleasing(row.held);
            }}
          />
        )}
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
          <Button variant="default" onClick={onDone} data-testid="adjust-cancel">
            {t('catalog.common.cancel')}
          </Button>
          <Button type="submit" loading={adjust.isPending} data-testid="adjust-save">
            {t('catalog.inventory.adjust.save')}
          </Button>
        </Group>
      </Stack>
      {/* Rendered outside the form's box (a portal); its buttons submit nothing. */}
      <ReleaseHoldsDialog
        stackId="release-holds"
        opened={releasing !== null}
        title={titleOf(row)}
        held={releasing ?? 0}
        error={releaseError}
        pending={release.isPending}
        onConfirm={releaseHolds}
        onClose={() => setReleasing(null)}
      />
    </form>
  );
}

/** On hand, held and available side by side, as the list's columns say them. */
function StockFigures({ row }: { row: InventoryRow }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const available =
    row.available !== null
      ? numbers.format(row.available)
      : t(row.trackQuantity ? 'catalog.held.sellsWhenOut' : 'catalog.inventory.level.untracked');
  const figures = [
    { key: 'on-hand', label: t('catalog.inventory.columns.stock'), value: numbers.format(row.stock) },
    { key: 'held', label: t('catalog.inventory.columns.held'), value: numbers.format(row.held) },
    { key: 'available', label: t('catalog.inventory.columns.available'), value: available },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs" data-testid="adjust-figures">
      {figures.map((figure) => (
        <Paper key={figure.key} withBorder radius="md" px="sm" py={6}>
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text
            fw={700}
            size={row.available === null && figure.key === 'available' ? 'sm' : 'lg'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid={`adjust-${figure.key}`}
          >
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Who holds the units and until when, and the way to give them back now. */
function HeldNote({ row, timeZone, onRelease }: { row: InventoryRow; timeZone: string; onRelease: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShoppingCartPause size={18} aria-hidden />}
      data-testid="adjust-held-note"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {row.heldUntil
            ? t('catalog.held.note', { count: row.held, time: formatTime(row.heldUntil, timeZone) })
            : t('catalog.held.noteNoTime', { count: row.held })}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconLockOpen size={14} aria-hidden />}
          onClick={onRelease}
          data-testid="adjust-release"
        >
          {t('catalog.held.release.action')}
        </Button>
      </Stack>
    </Alert>
  );
}

export const titleOf = (row: Pick<InventoryRow, 'title' | 'variantTitle'>) =>
  row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title;
