import { formatMoney, type OrderEvent, PAYMENT_FAILURE_CAUSES } from '@shop/shared';
import type { TFunction } from 'i18next';

/** The order timeline's sentences: what each event says, in the merchant's language. */

/** Why a payment went back by itself (payment_returned's `cause`). */
const RETURN_CAUSES = new Set(['already_paid', 'order_canceled', 'amount_mismatch', 'out_of_stock', 'code_used_up']);

/** Why a payment failed (payment_failed's `cause`): said in the merchant's language. */
const FAILURE_CAUSES = new Set<string>(PAYMENT_FAILURE_CAUSES);

/** Why an order was canceled (canceled's `cause`); none: canceled by hand. */
const CANCEL_CAUSES: Record<string, string> = {
  out_of_stock: 'orders.events.canceledOutOfStock',
  refunded: 'orders.events.canceledRefunded',
  code_used_up: 'orders.events.canceledCodeUsedUp',
  unpaid_cash: 'orders.events.canceledUnpaidCash',
};

/** The e-mails the shop sends about an order (email_sent's `mail`). */
const MAILS: Record<string, string> = {
  confirmation: 'orders.events.emailConfirmation',
  fulfillment: 'orders.events.emailFulfillment',
  refund: 'orders.events.emailRefund',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Units an event speaks of: a count it carries, or the sum of its lines. */
function unitsOf(data: Record<string, unknown>): number | null {
  const direct = count(data.quantity) ?? count(data.units);
  if (direct !== null) return direct;
  const lines = Array.isArray(data.items) ? data.items : Array.isArray(data.restock) ? data.restock : null;
  if (!lines) return null;
  return lines.reduce((sum: number, line) => sum + (count((line as { quantity?: unknown })?.quantity) ?? 0), 0);
}

/** "Alpha shirt × 1, Gamma shirt (S / Blue) × 2": the lines an event names. */
function linesOf(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value.flatMap((line) => {
    const { title, variantTitle, quantity } = (line ?? {}) as Record<string, unknown>;
    if (!text(title) || count(quantity) === null) return [];
    return [`${title}${text(variantTitle) ? ` (${variantTitle})` : ''} × ${quantity}`];
  });
  return parts.length ? parts.join(', ') : null;
}

/** What happened, as a sentence, and a detail line when the event carries one. */
export function describeEvent(
  event: OrderEvent,
  language: string,
  t: TFunction,
): { title: string; detail: string | null } {
  const { data } = event;
  const amount = count(data.amount);
  const money = amount === null ? null : formatMoney(amount, language);
  switch (event.kind) {
    case 'paid':
      return {
        title: money ? t('orders.events.paidAmount', { amount: money }) : t('orders.events.paid'),
        detail:
          data.cash === true
            ? t('orders.events.cashCollected')
            : text(data.cardMask)
              ? t('orders.events.card', { mask: data.cardMask })
              : null,
      };
    case 'payment_failed':
      // A cause we know, in the merchant's language; else the provider's own words.
      return {
        title: t('orders.events.payment_failed'),
        detail: FAILURE_CAUSES.has(String(data.cause))
          ? t(`orders.events.failureCause.${data.cause}`)
          : text(data.reason),
      };
    case 'payment_returned':
    case 'payment_return_failed': {
      const returned = event.kind === 'payment_returned';
      const cause = RETURN_CAUSES.has(String(data.cause)) ? t(`orders.events.returnCause.${data.cause}`) : null;
      const card = text(data.cardMask) ? t('orders.events.card', { mask: data.cardMask }) : null;
      return {
        title: t(`orders.events.${returned ? 'paymentReturned' : 'paymentReturnFailed'}`, { amount: money ?? '' }),
        detail: [cause, card, returned ? null : text(data.reason)].filter(Boolean).join(' · ') || null,
      };
    }
    case 'fulfilled': {
      const units = unitsOf(data);
      return {
        title: units ? t('orders.events.fulfilledUnits', { count: units }) : t('orders.events.fulfilled'),
        detail:
          [linesOf(data.items), data.automatic === true ? t('orders.events.automatic') : null]
            .filter(Boolean)
            .join(' · ') || null,
      };
    }
    case 'refunded': {
      const units = unitsOf(data);
      const lines = linesOf(data.restock);
      const restocked = units
        ? [t('orders.events.restocked', { count: units }), lines].filter(Boolean).join(': ')
        : null;
      const reason = text(data.reason);
      return {
        title: money ? t('orders.events.refundedAmount', { amount: money }) : t('orders.events.refunded'),
        detail: [restocked, reason].filter(Boolean).join(' · ') || null,
      };
    }
    case 'refund_failed':
      return {
        title: money ? t('orders.events.refundFailedAmount', { amount: money }) : t('orders.events.refund_failed'),
        detail: text(data.reason),
      };
    case 'email_sent': {
      const to = text(data.to);
      const mail = MAILS[String(data.mail)];
      return {
        title: to ? t(mail ?? 'orders.events.emailTo', { to }) : t('orders.events.email_sent'),
        detail: text(data.subject),
      };
    }
    case 'canceled':
      return {
        title: t(
          Object.hasOwn(CANCEL_CAUSES, String(data.cause))
            ? (CANCEL_CAUSES[String(data.cause)] as string)
            : 'orders.events.canceled',
        ),
        detail: text(data.reason),
      };
    default:
      return { title: t(`orders.events.${event.kind}`), detail: null };
  }
}
