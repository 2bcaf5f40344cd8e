import { Text, Timeline } from '@mantine/core';
import type { OrderEvent, OrderEventKind } from '@shop/shared';
import {
  type Icon,
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconCircleX,
  IconCreditCard,
  IconCreditCardOff,
  IconCreditCardRefund,
  IconMail,
  IconReceipt,
  IconReceiptRefund,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/display';
import { useRootData } from '../../ui/preferences';
import { describeEvent } from './events';

const ICONS: Record<OrderEventKind, Icon> = {
  placed: IconReceipt,
  payment_started: IconCreditCard,
  paid: IconCreditCard,
  payment_failed: IconCreditCardOff,
  fulfilled: IconTruckDelivery,
  refunded: IconReceiptRefund,
  refund_failed: IconAlertTriangle,
  canceled: IconCircleX,
  email_sent: IconMail,
  archived: IconArchive,
  unarchived: IconArchiveOff,
  payment_returned: IconCreditCardRefund,
  payment_return_failed: IconAlertTriangle,
};

const COLOURS: Partial<Record<OrderEventKind, string>> = {
  paid: 'green',
  payment_failed: 'red',
  fulfilled: 'teal',
  refunded: 'orange',
  refund_failed: 'red',
  canceled: 'red',
  payment_returned: 'orange',
  payment_return_failed: 'red',
};

/** What happened to the order, newest first (SPEC issue 5: placed, paid, fulfilled, refunded, e-mails sent). */
export function OrderTimeline({ events, timeZone }: { events: OrderEvent[]; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const sorted = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (sorted.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('orders.details.noEvents')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={26} lineWidth={2} active={sorted.length - 1} data-testid="order-timeline">
      {sorted.map((event) => {
        const EventIcon = ICONS[event.kind] ?? IconX;
        const { title, detail } = describeEvent(event, language, t);
        return (
          <Timeline.Item
            key={event.id}
            bullet={<EventIcon size={14} aria-hidden />}
            color={COLOURS[event.kind] ?? 'gray'}
            title={
              <Text size="sm" fw={600} data-testid="event-title">
                {title}
              </Text>
            }
            data-testid="order-event"
            data-kind={event.kind}
          >
            {detail && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="event-detail">
                {detail}
              </Text>
            )}
            {/* Who in the store did it (the owner or an employee; decision 022). */}
            {typeof event.data.by === 'string' && (
              <Text size="xs" c="dimmed" mt={2} data-testid="event-by">
                {t('orders.details.by', { name: event.data.by })}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(event.createdAt, language, timeZone, t)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
