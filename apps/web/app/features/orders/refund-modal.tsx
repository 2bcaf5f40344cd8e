import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatMoney, minorToDecimal, type OrderDetails, parseMoney } from '@shop/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useNotice } from '../../ui/notice';
import { useRootData } from '../../ui/preferences';
import { ActionModal } from './action-modal';
import {
  type ActionErrors,
  defaultRefundValues,
  type RefundValues,
  refundable,
  refundRequest,
  serverFieldOf,
  unitsToRestock,
  valueOfUnits,
} from './actions';
import { LineQuantities } from './line-quantities';
import { useActionErrorText, useActionFailure } from './messages';
import { useRefundOrder } from './queries';

/**
 * "Refund": an amount (all that can still be refunded, by default) given back through the
 * payment provider, the units that come back to stock, a reason, and whether to tell the shopper.
 */
export function RefundModal({ order, opened, onClose }: { order: OrderDetails; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionModal
      title={t('orders.refund.title', { name: order.name })}
      opened={opened}
      onClose={onClose}
      testId="refund-modal"
    >
      <RefundForm order={order} onDone={onClose} />
    </ActionModal>
  );
}

function RefundForm({ order, onDone }: { order: OrderDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const refund = useRefundOrder();
  const errorOf = useActionErrorText();
  const failureOf = useActionFailure('refund');
  const [values, setValues] = useState<RefundValues>(() => defaultRefundValues(order));
  const [errors, setErrors] = useState<ActionErrors>({});
  const [failure, setFailure] = useState<{ title: string; reason: string | null } | null>(null);
  const max = refundable(order);
  const maxText = formatMoney(max, language);
  const lines = order.items.filter((line) => unitsToRestock(line) > 0);
  const chosenUnits = Object.values(values.restock).reduce((sum, n) => sum + n, 0);
  const amount = parseMoney(values.amount);

  /** An edited field's error goes with the edit; the next submit checks again. */
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  const set = <K extends keyof RefundValues>(key: K, value: RefundValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  const setRestock = (id: string, quantity: number) => {
    setValues((current) => ({ ...current, restock: { ...current.restock, [id]: quantity } }));
    clearError(id);
  };

  const submit = () => {
    const request = refundRequest(order, values);
    setErrors(request.errors);
    setFailure(null);
    if (Object.keys(request.errors).length > 0) return;
    refund.mutate(
      { marketId: order.marketId, orderId: order.id, input: request.input },
      {
        onSuccess: () => {
          notice(t('orders.refund.done', { amount: formatMoney(request.input.amount ?? max, language) }));
          onDone();
        },
        onError: (error) => {
          const fields: ActionErrors = {};
          if (error instanceof ApiError) {
            for (const [path, { code }] of Object.entries(error.fields)) {
              fields[serverFieldOf(path, request.lines)] ??= { key: code };
            }
          }
          setErrors(fields);
          const failed = failureOf(error);
          setFailure(failed);
          notice(failed.title, 'error');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {lines.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('orders.refund.restockTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('orders.refund.restockHint')}
          </Text>
          <LineQuantities
            lines={lines}
            max={unitsToRestock}
            quantities={values.restock}
            onChange={setRestock}
            errors={errors}
            column={t('orders.refund.restock')}
            inputLabel={(line) => t('orders.refund.restockOf', { title: line.title })}
            withPrice
            testIds={{ table: 'refund-lines', line: 'refund-line', input: 'refund-restock' }}
          />
          {chosenUnits > 0 && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              w="fit-content"
              onClick={() => set('amount', minorToDecimal(valueOfUnits(order, values.restock)))}
              data-testid="refund-use-items"
            >
              {t('orders.refund.useItems', { amount: formatMoney(valueOfUnits(order, values.restock), language) })}
            </Anchor>
          )}
        </Stack>
      )}
      <TextInput
        label={t('orders.refund.amount')}
        description={t('orders.refund.amountHint', { amount: maxText })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        inputMode="decimal"
        autoComplete="off"
        maw={240}
        value={values.amount}
        onChange={(event) => set('amount', event.currentTarget.value)}
        rightSection={
          <Text size="xs" c="dimmed">
            AZN
          </Text>
        }
        rightSectionWidth={44}
        error={errors.amount ? errorOf(errors.amount, { amount: maxText }) : undefined}
        data-autofocus
        data-testid="refund-amount"
      />
      <Textarea
        label={t('orders.refund.reason')}
        placeholder={t('orders.refund.reasonPlaceholder')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={500}
        value={values.reason}
        onChange={(event) => set('reason', event.currentTarget.value)}
        error={errors.reason ? errorOf(errors.reason) : undefined}
        data-testid="refund-reason"
      />
      <Checkbox
        label={t('orders.refund.notify')}
        description={order.email ? t('orders.fulfil.notifyHint', { email: order.email }) : undefined}
        checked={values.notify}
        disabled={!order.email}
        onChange={(event) => set('notify', event.currentTarget.checked)}
        data-testid="refund-notify"
      />
      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={failure.title}
          role="alert"
          data-testid="refund-failure"
        >
          {failure.reason}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={submit} loading={refund.isPending} data-testid="refund-submit">
          {amount !== null && amount > 0 && amount <= max
            ? t('orders.refund.submitAmount', { amount: formatMoney(amount, language) })
            : t('orders.refund.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
