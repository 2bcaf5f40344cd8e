import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { OrderDetails } from '@shop/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useNotice } from '../../ui/notice';
import { ActionModal } from './action-modal';
import {
  type ActionErrors,
  defaultFulfilQuantities,
  fulfilRequest,
  type Quantities,
  serverFieldOf,
  unitsToFulfil,
} from './actions';
import { LineQuantities } from './line-quantities';
import { useActionErrorText, useActionFailure } from './messages';
import { useFulfillOrder } from './queries';

/** "Fulfil items": how many units of each line go out now (all that remain by default), and whether to tell the shopper. */
export function FulfilModal({ order, opened, onClose }: { order: OrderDetails; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionModal
      title={t('orders.fulfil.title', { name: order.name })}
      opened={opened}
      onClose={onClose}
      testId="fulfil-modal"
    >
      <FulfilForm order={order} onDone={onClose} />
    </ActionModal>
  );
}

function FulfilForm({ order, onDone }: { order: OrderDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const fulfil = useFulfillOrder();
  const errorOf = useActionErrorText();
  const failureOf = useActionFailure('fulfil');
  const [quantities, setQuantities] = useState<Quantities>(() => defaultFulfilQuantities(order));
  const [notify, setNotify] = useState(true);
  const [errors, setErrors] = useState<ActionErrors>({});
  const [failure, setFailure] = useState<{ title: string; reason: string | null } | null>(null);
  const lines = order.items.filter((line) => unitsToFulfil(line) > 0);
  const chosen = lines.reduce((sum, line) => sum + (quantities[line.id] ?? 0), 0);

  const submit = () => {
    const request = fulfilRequest(order, quantities, notify);
    setErrors(request.errors);
    setFailure(null);
    if (Object.keys(request.errors).length > 0) return;
    fulfil.mutate(
      { marketId: order.marketId, orderId: order.id, input: request.input },
      {
        onSuccess: () => {
          notice(t('orders.fulfil.done', { count: chosen, name: order.name }));
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
      <Text size="sm" c="dimmed">
        {t('orders.fulfil.text')}
      </Text>
      <LineQuantities
        lines={lines}
        max={unitsToFulfil}
        quantities={quantities}
        onChange={(id, quantity) => {
          setQuantities((current) => ({ ...current, [id]: quantity }));
          // The edit answers this line's error, and "choose at least one".
          setErrors(({ [id]: _line, items: _items, ...rest }) => rest);
        }}
        errors={errors}
        column={t('orders.fulfil.quantity')}
        inputLabel={(line) => t('orders.fulfil.quantityOf', { title: line.title })}
        testIds={{ table: 'fulfil-lines', line: 'fulfil-line', input: 'fulfil-quantity' }}
      />
      {errors.items && (
        <Text size="sm" c="red" role="alert" data-testid="fulfil-error">
          {errorOf(errors.items)}
        </Text>
      )}
      <Checkbox
        label={t('orders.fulfil.notify')}
        description={order.email ? t('orders.fulfil.notifyHint', { email: order.email }) : undefined}
        checked={notify}
        disabled={!order.email}
        onChange={(event) => setNotify(event.currentTarget.checked)}
        data-testid="fulfil-notify"
      />
      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={failure.title}
          role="alert"
          data-testid="fulfil-failure"
        >
          {failure.reason}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={fulfil.isPending} disabled={chosen === 0} data-testid="fulfil-submit">
          {t('orders.fulfil.submit', { count: chosen })}
        </Button>
      </Group>
    </Stack>
  );
}
