import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type Address,
  type FieldErrors,
  type FulfillOrderInput,
  fulfillOrderSchema,
  isOrderClosed,
  type Language,
  minorToDecimal,
  type OrderDetails,
  type OrderEvent,
  type OrderEventKind,
  type OrderExportQuery,
  type OrderListPage,
  type OrderListQuery,
  orderExportQuerySchema,
  orderListQuerySchema,
  personName,
  type RefundOrderInput,
  refundOrderSchema,
} from '@shop/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AddressRecord } from '../../db/schema/commerce.js';
import { markets, orderEvents, orderItems, orders, payments, refunds } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { csvHeader, csvRows, localIso } from '../../platform/csv.js';
import { AppError } from '../../platform/errors.js';
import type { MailMessage } from '../../platform/mail.js';
import { type PaymentProvider, ProviderError } from '../../platform/payments/provider.js';
import { customerRefunded } from '../customer/hooks.js';
import { cashSaleEntry, refundEntry } from '../ledger/hooks.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { cashPaymentStatement, markReversed } from '../payment/hooks.js';
import { returnUnits, type Unit } from '../product/stock.js';
import { emailSent, eventLines, fulfillmentOf, orderPaid, recordEvent, unitsLeft } from './hooks.js';
import { orderShape, paidStatement } from './lifecycle.js';
import { customerNameOf, exportBatches, iso, listOrders, type OrderRowOfExport, offsetHours } from './list.js';
import { orderFulfilledMail, orderRefundedMail } from './mail.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The provider refused to give the money back (or could not be asked): REFUND_FAILED + its words. */
const EVENT_ORDER = sql`array_position(array['placed', 'payment_started', 'payment_failed', 'paid', 'fulfilled', 'refund_failed', 'refunded', 'canceled', 'archived', 'unarchived', 'email_sent']::text[], ${orderEvents.kind})`;

export class RefundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Who asks: the owner or an employee of the store (their id goes on stock adjustments, their
 * name on the timeline's lines of what they did; their time zone decides "a day").
 */
export interface Owner {
  id: string;
  timeZone: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

const CSV_COLUMNS = [
  'order',
  'number',
  'placed_at',
  'customer',
  'email',
  'phone',
  'payment_status',
  'fulfillment_status',
  'items',
  'subtotal',
  'discount',
  'discount_code',
  'popup',
  'shipping',
  'total',
  'refunded',
  'currency',
  'paid_at',
  'closed',
  'archived',
] as const;

/** An instant as ISO 8601 in a zone `offset` hours east of UTC, e.g. 2026-11-21T18:03:00+04:00. */
function csvRecord(row: OrderRowOfExport, offset: number): Record<(typeof CSV_COLUMNS)[number], string> {
  const archived = row.archived_at !== null;
  const closed = isOrderClosed({
    paymentStatus: row.payment_status,
    fulfillmentStatus: row.fulfillment_status,
    archived,
  });
  return {
    order: row.name,
    number: String(row.number),
    placed_at: localIso(row.placed_at, offset),
    customer: customerNameOf(row) ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    items: String(row.item_count),
    subtotal: minorToDecimal(row.subtotal),
    // Every discount together (bundle prices and the code or pop-up): subtotal − discount + shipping = total.
    discount: minorToDecimal(row.discount_total),
    discount_code: row.discount_code ?? '',
    popup: row.popup_title ?? '',
    shipping: minorToDecimal(row.shipping_price),
    total: minorToDecimal(row.total),
    refunded: minorToDecimal(row.refunded_amount),
    currency: row.currency,
    paid_at: row.paid_at ? localIso(row.paid_at, offset) : '',
    closed: closed ? 'yes' : 'no',
    archived: archived ? 'yes' : 'no',
  };
}

/** Lines chosen by a request, checked against what each line allows; errors at `${path}.${i}.…`. */
function chooseLines(
  items: ItemRow[],
  chosen: { orderItemId: string; quantity: number }[],
  path: string,
  allowed: (item: ItemRow) => number,
): { item: ItemRow; quantity: number }[] {
  const fields: FieldErrors = {};
  const seen = new Set<string>();
  const lines: { item: ItemRow; quantity: number }[] = [];
  chosen.forEach((line, i) => {
    const item = items.find((it) => it.id === line.orderItemId);
    if (!item) fields[`${path}.${i}.orderItemId`] = 'NOT_FOUND';
    else if (seen.has(item.id)) fields[`${path}.${i}.orderItemId`] = 'duplicateValue';
    else if (line.quantity > allowed(item)) fields[`${path}.${i}.quantity`] = 'quantityTooLarge';
    else lines.push({ item, quantity: line.quantity });
    seen.add(line.orderItemId);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  return lines;
}

/**
 * Order management in the control panel (SPEC §2 orders, order-details; §4; §7 /Order/*): the
 * list and its export, an order's details and timeline, fulfilment, refunds through the payment
 * provider, archiving. Every call is for the owner of the market (routes check it) and only
 * reaches placed orders of that market: anything else is not found.
 */
export class OrderService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {}

  async list(
    market: { id: string; nextOrderNumber: number },
    owner: Owner,
    query: OrderListQuery,
  ): Promise<OrderListPage> {
    const q = orderListQuerySchema.parse(query);
    return listOrders(this.ctx.db, market.id, q, offsetHours(owner.timeZone), market.nextOrderNumber);
  }

  /** The CSV of every order the filters match, streamed in batches (with a BOM for spreadsheets). */
  exportCsv(marketId: string, owner: Owner, query: OrderExportQuery): Readable {
    const q = orderExportQuerySchema.parse(query);
    const offset = offsetHours(owner.timeZone);
    const db = this.ctx.db;
    async function* lines() {
      yield csvHeader(CSV_COLUMNS);
      for await (const batch of exportBatches(db, marketId, q, offset)) {
        yield csvRows(
          batch.map((row) => csvRecord(row, offset)),
          CSV_COLUMNS,
        );
      }
    }
    return Readable.from(lines());
  }

  /** A placed order of the market, locked for the caller's transaction. */
  private async lock(tx: Db, marketId: string, orderId: string): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.marketId, marketId), isNotNull(orders.number)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }

  private async items(db: Db, orderId: string): Promise<ItemRow[]> {
    return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  }

  /** GET /Order/{orderId}?marketId=: the order, its lines and its timeline. */
  async details(marketId: string, orderId: string): Promise<OrderDetails> {
    const [order] = await this.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.marketId, marketId), isNotNull(orders.number)));
    if (!order) throw new AppError('NOT_FOUND');
    return this.view(order);
  }

  private async view(order: OrderRow): Promise<OrderDetails> {
    const [items, events] = await Promise.all([
      this.items(this.ctx.db, order.id),
      this.ctx.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        // Lines of one transaction may share a timestamp where the clock is coarse (PGlite):
        // then they follow the order in which such lines are written.
        .orderBy(asc(orderEvents.createdAt), EVENT_ORDER, asc(orderEvents.id)),
    ]);
    const archived = order.archivedAt !== null;
    return {
      id: order.id,
      marketId: order.marketId,
      number: order.number as number,
      name: order.name as string,
      placedAt: iso(order.placedAt as Date),
      paidAt: order.paidAt ? iso(order.paidAt) : null,
      paymentStatus: order.paymentStatus,
      fulfillmentStatus: order.fulfillmentStatus,
      closed: isOrderClosed({
        paymentStatus: order.paymentStatus,
        fulfillmentStatus: order.fulfillmentStatus,
        archived,
      }),
      archived,
      email: order.email,
      phone: order.phone,
      shippingAddress: (order.shippingAddress as Address | null) ?? null,
      billingAddress: (order.billingAddress as Address | null) ?? null,
      note: order.note,
      shippingName: order.shippingName,
      items: items.map((l) => ({
        id: l.id,
        productId: l.productId,
        variantId: l.variantId,
        title: l.title,
        variantTitle: l.variantTitle,
        sku: l.sku,
        imageUrl: l.imageUrl,
        unitPrice: l.unitPrice,
        compareAtPrice: l.compareAtPrice,
        quantity: l.quantity,
        lineTotal: l.unitPrice * l.quantity,
        bundleId: l.bundleId,
        bundleTitle: l.bundleTitle,
        bundleUnits: l.bundleUnits,
        discount: l.discount,
        paid: l.paid,
        fulfilledQuantity: l.fulfilledQuantity,
        refundedQuantity: l.refundedQuantity,
      })),
      subtotal: order.subtotal,
      bundleDiscount: order.bundleDiscount,
      discount: order.discount ?? null,
      discountTotal: order.discountTotal,
      shippingPrice: order.shippingPrice,
      paymentMethod: order.paymentMethod,
      cashFee: order.cashFee,
      total: order.total,
      refundedAmount: order.refundedAmount,
      refundable: order.paymentStatus === 'paid' ? Math.max(0, order.total - order.refundedAmount) : 0,
      cardMask: order.cardMask,
      language: order.language,
      events: events.map(
        (e): OrderEvent => ({
          id: e.id,
          kind: e.kind as OrderEventKind,
          data: e.data,
          createdAt: e.createdAt.toISOString(),
        }),
      ),
    };
  }

  /** Fulfilling and refunding need money taken: a canceled or unpaid order has none. */
  private assertPaid(order: OrderRow) {
    if (order.paymentStatus === 'canceled') throw new AppError('ORDER_CANCELED');
    if (order.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_PAID');
  }

  /** An order placed to pay in cash that the courier has not been paid for yet. */
  private static cashDue(order: OrderRow) {
    return order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid';
  }

  /**
   * POST /Order/mark-paid/{orderId}: the merchant collected an order's cash on delivery. The
   * payment (through `cash`), its sale on the ledger's `collected` account and the order paid in
   * one statement; then, as for a card payment, its timeline and its customer. Only a cash order
   * that is unpaid can be: a card order becomes paid from its card payment alone.
   */
  async markPaid(marketId: string, orderId: string, owner: Owner): Promise<OrderDetails> {
    const paid = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await this.lock(tx, marketId, orderId);
      if (order.paymentStatus === 'canceled') throw new AppError('ORDER_CANCELED');
      if (order.paymentStatus === 'paid') throw new AppError('ORDER_ALREADY_PAID');
      if (order.paymentMethod !== 'cash') throw new AppError('ORDER_PAID_BY_CARD');
      const payment = { id: randomUUID(), amount: order.total };
      const [row] = orderShape.rows(
        await tx.execute(sql`with p as (${cashPaymentStatement(order, payment.id)}),
            ledger as (${cashSaleEntry(order, payment)})
          ${paidStatement(order.id, null)} returning ${orderShape.columns}`),
      ) as [OrderRow];
      return orderPaid(tx, row, await this.items(tx, order.id), payment, false, { by: personName(owner) });
    });
    return this.view(paid);
  }

  /**
   * Canceling a cash order nobody has paid for: nothing to give back, every unit not returned yet
   * goes back on sale, and the order is canceled.
   */
  private async cancelUnpaidCash(tx: Db, order: OrderRow, owner: Owner, reason: string | null) {
    const items = await this.items(tx, order.id);
    const restock = items
      .filter((i) => i.quantity > i.refundedQuantity)
      .map((item) => ({
        item,
        quantity: item.quantity - item.refundedQuantity,
      }));
    for (const { item, quantity } of restock) {
      await tx
        .update(orderItems)
        .set({ refundedQuantity: item.refundedQuantity + quantity })
        .where(eq(orderItems.id, item.id));
    }
    const restocked = await this.restock(tx, order, owner, restock);
    const [updated] = (await tx
      .update(orders)
      .set({ paymentStatus: 'canceled', canceledAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    await recordEvent(tx, order, 'canceled', {
      cause: 'unpaid_cash',
      reason,
      restock: eventLines(restock),
      by: personName(owner),
    });
    return { order: updated, restocked };
  }

  /**
   * PUT /Order/fulfill/{orderId}: sends every unit left, or the chosen lines' units; the order
   * becomes partly or wholly fulfilled, and the shopper hears of it in the order's language.
   */
  async fulfil(marketId: string, orderId: string, input: FulfillOrderInput, owner: Owner): Promise<OrderDetails> {
    const data = fulfillOrderSchema.parse(input);
    const done = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await this.lock(tx, marketId, orderId);
      // Cash on delivery ships before it is paid: the courier collects.
      if (!OrderService.cashDue(order)) this.assertPaid(order);
      const items = await this.items(tx, order.id);
      if (items.every((i) => unitsLeft(i) === 0)) throw new AppError('ORDER_ALREADY_FULFILLED');
      let lines: { item: ItemRow; quantity: number }[];
      if (data.items === undefined) {
        lines = items.filter((i) => unitsLeft(i) > 0).map((item) => ({ item, quantity: unitsLeft(item) }));
      } else {
        if (data.items.length === 0) throw new AppError('VALIDATION_FAILED', { items: 'required' });
        lines = chooseLines(items, data.items, 'items', unitsLeft);
      }
      for (const { item, quantity } of lines) {
        item.fulfilledQuantity += quantity;
        await tx
          .update(orderItems)
          .set({ fulfilledQuantity: item.fulfilledQuantity })
          .where(eq(orderItems.id, item.id));
      }
      const status = fulfillmentOf(items);
      const [updated] = (await tx
        .update(orders)
        .set({
          fulfillmentStatus: status,
          ...(status === 'fulfilled' ? { fulfilledAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      await recordEvent(tx, order, 'fulfilled', {
        items: eventLines(lines),
        fulfillmentStatus: status,
        by: personName(owner),
      });
      return { order: updated, items, lines };
    });
    if (data.notify && done.order.email) {
      const remaining = done.items
        .filter((i) => unitsLeft(i) > 0)
        .map((i) => ({ title: i.title, variantTitle: i.variantTitle, quantity: unitsLeft(i) }));
      const sent = done.lines.map(({ item, quantity }) => ({
        title: item.title,
        variantTitle: item.variantTitle,
        quantity,
      }));
      await this.mail(done.order, 'fulfillment', (market) =>
        orderFulfilledMail(
          this.mailOrder(done.order, market),
          done.order.email as string,
          done.order.language as Language,
          sent,
          remaining,
        ),
      );
    }
    return this.view(done.order);
  }

  /**
   * PUT /Order/cancel/{orderId} and POST /Payment/reverse/{orderId}: gives `amount` (default:
   * all that is left) back through the provider's reverse of the order's payment, and the chosen
   * lines' units back to stock. The order row stays locked from the checks to the end, so two
   * refunds at once queue and never give back more than was paid. When the provider refuses,
   * only the failed refund (row and timeline line) is written and RefundRefusedError is thrown.
   */
  async refund(marketId: string, orderId: string, input: RefundOrderInput, owner: Owner): Promise<OrderDetails> {
    const data = refundOrderSchema.parse(input);
    const done = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await this.lock(tx, marketId, orderId);
      if (OrderService.cashDue(order)) {
        // Nothing was paid: canceling gives nothing back but the units.
        if (data.amount !== undefined && data.amount > 0) {
          throw new AppError('VALIDATION_FAILED', { amount: 'refundTooLarge' });
        }
        return {
          refused: false as const,
          canceledUnpaid: true as const,
          ...(await this.cancelUnpaidCash(tx, order, owner, data.reason ?? null)),
        };
      }
      this.assertPaid(order);
      // The attempt that paid the order: the first approved one (a later one was reversed).
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')))
        .orderBy(asc(payments.updatedAt), asc(payments.createdAt))
        .limit(1);
      if (!payment) throw new AppError('ORDER_NOT_PAID');
      const left = payment.amount - order.refundedAmount;
      const amount = data.amount ?? left;
      if (amount > left) throw new AppError('VALIDATION_FAILED', { amount: 'refundTooLarge' });
      const items = await this.items(tx, order.id);
      const restock = chooseLines(items, data.restock, 'restock', (i) => i.quantity - i.refundedQuantity);
      const restockLines = eventLines(restock);

      const outcome = await this.reverse(payment, amount);
      const refund = { orderId: order.id, marketId, paymentId: payment.id, amount, reason: data.reason ?? null };
      if (!outcome.ok) {
        await tx.insert(refunds).values({ ...refund, status: 'failed', message: outcome.message });
        await recordEvent(tx, order, 'refund_failed', {
          amount,
          reason: outcome.message,
          restock: restockLines,
          by: personName(owner),
        });
        return { refused: true as const, reason: outcome.message };
      }

      const [made] = await tx
        .insert(refunds)
        .values({ ...refund, status: 'succeeded' })
        .returning({ id: refunds.id });
      await refundEntry(tx, order, { id: made!.id, paymentId: payment.id, amount });
      for (const { item, quantity } of restock) {
        item.refundedQuantity += quantity;
        await tx.update(orderItems).set({ refundedQuantity: item.refundedQuantity }).where(eq(orderItems.id, item.id));
      }
      const restocked = await this.restock(tx, order, owner, restock);
      const refundedAmount = order.refundedAmount + amount;
      const full = refundedAmount >= payment.amount;
      const status = fulfillmentOf(items);
      const [updated] = (await tx
        .update(orders)
        .set({
          refundedAmount,
          fulfillmentStatus: status,
          ...(status === 'fulfilled' && order.fulfillmentStatus !== 'fulfilled' ? { fulfilledAt: new Date() } : {}),
          ...(full ? { paymentStatus: 'canceled' as const, canceledAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      if (full) {
        await markReversed(tx, payment.id);
      }
      await recordEvent(tx, order, 'refunded', {
        amount,
        refundedAmount,
        restock: restockLines,
        reason: data.reason ?? null,
        full,
        by: personName(owner),
      });
      if (full) {
        await recordEvent(tx, order, 'canceled', {
          cause: 'refunded',
          reason: data.reason ?? null,
          by: personName(owner),
        });
      }
      await customerRefunded(tx, order, amount);
      return { refused: false as const, order: updated, amount, full, restock, restocked };
    });
    if (done.refused) throw new RefundRefusedError(done.reason);
    if (done.restocked) await bumpCatalogVersion(this.ctx, marketId);
    if ('canceledUnpaid' in done) return this.view(done.order);
    if (data.notify && done.order.email) {
      const lines = done.restock.map(({ item, quantity }) => ({
        title: item.title,
        variantTitle: item.variantTitle,
        quantity,
      }));
      await this.mail(done.order, 'refund', (market) =>
        orderRefundedMail(
          this.mailOrder(done.order, market),
          done.order.email as string,
          done.order.language as Language,
          {
            amount: done.amount,
            canceled: done.full,
            restocked: lines,
            reason: data.reason ?? null,
          },
        ),
      );
    }
    return this.view(done.order);
  }

  /** The provider's verdict on giving `amount` back; a provider that can't be asked is a refusal. */
  private async reverse(payment: PaymentRow, amount: number): Promise<{ ok: boolean; message: string }> {
    // Cash collected on delivery goes back by the merchant's hand: there is no provider to ask.
    if (payment.provider === 'cash') return { ok: true, message: '' };
    if (payment.provider !== this.provider.name) {
      return { ok: false, message: `The payment was taken through ${payment.provider}, which is not in use now` };
    }
    try {
      const outcome = await this.provider.reverse(payment, amount);
      return { ok: outcome.ok, message: outcome.message ?? (outcome.ok ? '' : 'Refused without a reason') };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider refund failed');
      return { ok: false, message: error.message };
    }
  }

  /**
   * Units back on sale: the lines that took stock when paid (tracked) add to the stock of their
   * product or variant, each change written to the inventory history as a return (the product
   * module's stock ledger does both). Answers whether any stock changed.
   */
  private async restock(
    tx: Db,
    order: OrderRow,
    owner: Owner,
    lines: { item: ItemRow; quantity: number }[],
  ): Promise<boolean> {
    const units: Unit[] = lines
      .filter(({ item }) => item.tracked && item.productId)
      .map(({ item, quantity }) => ({ productId: item.productId as string, variantId: item.variantId, quantity }));
    return returnUnits(tx, { marketId: order.marketId, note: order.name, userId: owner.id }, units);
  }

  /** PUT /Order/archive/{orderId}: closes the order by hand, or opens it again. */
  async archive(marketId: string, orderId: string, archived: boolean, owner: Owner): Promise<OrderDetails> {
    const order = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const current = await this.lock(tx, marketId, orderId);
      if ((current.archivedAt !== null) === archived) return current;
      const [updated] = (await tx
        .update(orders)
        .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
        .where(eq(orders.id, current.id))
        .returning()) as [OrderRow];
      await recordEvent(tx, current, archived ? 'archived' : 'unarchived', { by: personName(owner) });
      return updated;
    });
    return this.view(order);
  }

  private mailOrder(order: OrderRow, marketName: string) {
    return {
      name: order.name as string,
      marketName,
      shippingAddress: order.shippingAddress as AddressRecord | null,
    };
  }

  /** Sends a mail about the order and notes it on the timeline; a failed mail is logged, not fatal. */
  private async mail(
    order: OrderRow,
    kind: 'fulfillment' | 'refund',
    build: (marketName: string) => MailMessage,
  ): Promise<void> {
    try {
      const [market] = await this.ctx.db
        .select({ name: markets.name })
        .from(markets)
        .where(eq(markets.id, order.marketId));
      const message = build(market?.name ?? '');
      await this.ctx.mailer.send(message);
      await emailSent(this.ctx.db, order, kind, message);
    } catch (error) {
      this.ctx.log.error({ err: error, orderId: order.id }, `order ${kind} mail failed`);
    }
  }
}
