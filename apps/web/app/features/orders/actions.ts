import {
  type FulfillOrderInput,
  fulfillOrderSchema,
  type MessageKey,
  minorToDecimal,
  type OrderDetails,
  type OrderDetailsLine,
  paidForUnits,
  parseMoney,
  type RefundOrderInput,
  refundOrderSchema,
} from '@shop/shared';

/**
 * What the fulfil and refund dialogs may ask for, worked out from the order as the server sent
 * it, and the requests they send (PUT /Order/fulfill, PUT /Order/cancel). The server checks all
 * of it again; these only keep the dialogs from offering what it would refuse.
 */

/** Units of a line still to send: neither sent yet nor refunded. */
export function unitsToFulfil(line: OrderDetailsLine): number {
  return Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity);
}

/** Units of a line that can still come back to stock with a refund. */
export function unitsToRestock(line: OrderDetailsLine): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/** Money that can still be given back: the server's figure (the approved payment less what was refunded). */
export function refundable(order: Pick<OrderDetails, 'refundable'>): number {
  return Math.max(0, order.refundable);
}

/** Placed to pay the courier in cash, not paid yet: it ships unpaid and is marked paid by hand. */
export function cashDue(order: Pick<OrderDetails, 'paymentMethod' | 'paymentStatus'>): boolean {
  return order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid';
}

export function canFulfil(order: OrderDetails): boolean {
  return (order.paymentStatus === 'paid' || cashDue(order)) && order.items.some((line) => unitsToFulfil(line) > 0);
}

export function canRefund(order: OrderDetails): boolean {
  return order.paymentStatus === 'paid' && refundable(order) > 0;
}

/** Quantities per line id. */
export type Quantities = Record<string, number>;

export function defaultFulfilQuantities(order: OrderDetails): Quantities {
  return Object.fromEntries(order.items.map((line) => [line.id, unitsToFulfil(line)]));
}

export type ActionErrors = Record<
  string,
  { key: MessageKey } | { text: 'chooseItems' | 'tooMany' | 'aboveRefundable' }
>;

/**
 * The fulfil request: every remaining unit when that is what was chosen (no list: the server
 * takes what is left), else the chosen lines. `errors` per line id, or `items` for the whole.
 */
export function fulfilRequest(
  order: OrderDetails,
  quantities: Quantities,
  notify: boolean,
): { input: FulfillOrderInput; lines: string[]; errors: ActionErrors } {
  const errors: ActionErrors = {};
  const chosen: { orderItemId: string; quantity: number }[] = [];
  let everything = true;
  for (const line of order.items) {
    const left = unitsToFulfil(line);
    const quantity = quantities[line.id] ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0) errors[line.id] = { key: 'invalidQuantity' };
    else if (quantity > left) errors[line.id] = { text: 'tooMany' };
    else if (quantity > 0) chosen.push({ orderItemId: line.id, quantity });
    if (quantity !== left) everything = false;
  }
  if (Object.keys(errors).length === 0 && chosen.length === 0) errors.items = { text: 'chooseItems' };
  const input: FulfillOrderInput = everything ? { notify } : { items: chosen, notify };
  const parsed = fulfillOrderSchema.safeParse(input);
  if (!parsed.success && Object.keys(errors).length === 0) {
    errors.items = { key: (parsed.error.issues[0]?.message ?? 'invalidValue') as MessageKey };
  }
  return { input, lines: chosen.map((c) => c.orderItemId), errors };
}

export interface RefundValues {
  /** As typed: "12.50" or "12,50". */
  amount: string;
  restock: Quantities;
  reason: string;
  notify: boolean;
}

export function defaultRefundValues(order: OrderDetails): RefundValues {
  return {
    amount: minorToDecimal(refundable(order)),
    restock: Object.fromEntries(order.items.map((line) => [line.id, 0])),
    reason: '',
    notify: true,
  };
}

/** What the chosen units are worth at the prices paid, never more than can be refunded. */
export function valueOfUnits(order: OrderDetails, quantities: Quantities): number {
  // What the units were paid (after bundle prices and the cart discount), not their list price.
  const value = order.items.reduce(
    (sum, line) => sum + paidForUnits(line, line.refundedQuantity, quantities[line.id] ?? 0),
    0,
  );
  return Math.min(value, refundable(order));
}

/**
 * The refund request, checked by the shared schema and against what can still be refunded.
 * `errors` per field: `amount`, `reason`, or a line id for its restock quantity.
 */
export function refundRequest(
  order: OrderDetails,
  values: RefundValues,
): { input: RefundOrderInput; lines: string[]; errors: ActionErrors } {
  const errors: ActionErrors = {};
  const amount = parseMoney(values.amount);
  if (amount === null) errors.amount = { key: 'invalidPrice' };
  else if (amount > refundable(order)) errors.amount = { text: 'aboveRefundable' };

  const restock: { orderItemId: string; quantity: number }[] = [];
  for (const line of order.items) {
    const quantity = values.restock[line.id] ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0) errors[line.id] = { key: 'invalidQuantity' };
    else if (quantity > unitsToRestock(line)) errors[line.id] = { text: 'tooMany' };
    else if (quantity > 0) restock.push({ orderItemId: line.id, quantity });
  }
  const reason = values.reason.trim();
  const input: RefundOrderInput = {
    amount: amount ?? undefined,
    restock,
    reason: reason || undefined,
    notify: values.notify,
  };
  const parsed = refundOrderSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      const key = issue.message as MessageKey;
      if (field === 'restock' && typeof index === 'number') {
        const id = restock[index]?.orderItemId;
        if (id) errors[id] ??= { key };
      } else if (field === 'amount' || field === 'reason') {
        errors[field] ??= { key };
      }
    }
  }
  return { input, lines: restock.map((r) => r.orderItemId), errors };
}

/**
 * A server's field errors ("restock.1.quantity", "items.0.quantity", "amount") on the dialog's
 * fields: list entries back to the line they were sent for.
 */
export function serverFieldOf(path: string, lines: readonly string[]): string {
  const match = /^(?:items|restock)\.(\d+)(?:\.|$)/.exec(path);
  if (match) return lines[Number(match[1])] ?? 'items';
  return path.split('.')[0] ?? path;
}
