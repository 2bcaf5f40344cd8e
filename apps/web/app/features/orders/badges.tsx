import { Badge, type BadgeProps } from '@mantine/core';
import type { FulfillmentStatus, PaymentStatus } from '@shop/shared';
import { useTranslation } from 'react-i18next';

const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  unpaid: 'gray',
  canceled: 'gray',
};

const FULFILLMENT_COLOURS: Record<FulfillmentStatus, string> = {
  unfulfilled: 'yellow',
  partial: 'orange',
  fulfilled: 'teal',
};

/** SPEC §4 payment status; a refund in full or in part says so instead of "paid". */
export function PaymentBadge({
  status,
  refunded = 0,
  total,
  ...props
}: { status: PaymentStatus; refunded?: number; total?: number } & BadgeProps) {
  const { t } = useTranslation();
  const partly = status === 'paid' && refunded > 0 && total !== undefined && refunded < total;
  const fully = refunded > 0 && total !== undefined && refunded >= total;
  const label = fully
    ? t('orders.payment.refunded')
    : partly
      ? t('orders.payment.partiallyRefunded')
      : t(`orders.payment.${status}`);
  return (
    <Badge
      variant="light"
      color={fully ? 'gray' : partly ? 'orange' : PAYMENT_COLOURS[status]}
      data-testid="payment-status"
      data-status={fully ? 'refunded' : partly ? 'partially_refunded' : status}
      {...props}
    >
      {label}
    </Badge>
  );
}

export function FulfillmentBadge({ status, ...props }: { status: FulfillmentStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={FULFILLMENT_COLOURS[status]}
      data-testid="fulfillment-status"
      data-status={status}
      {...props}
    >
      {t(`orders.fulfillment.${status}`)}
    </Badge>
  );
}
