import { randomUUID } from 'node:crypto';
import type { Checkout, Language, PaymentReturnCause, StartPaymentInput } from '@shop/shared';
import { and, desc, eq } from 'drizzle-orm';
import { type Db, executeAndCommit, rowsOf } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { rowShape } from '../../db/rows.js';
import { orders, payments } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { epointProvider } from '../../platform/payments/epoint.js';
import { type PaymentProvider, type PaymentResult, ProviderError } from '../../platform/payments/provider.js';
import { sandboxProvider } from '../../platform/payments/sandbox.js';
import { spendBasket } from '../basket/service.js';
import {
  CheckoutService,
  checkoutView,
  FRESH_O,
  heldUnits,
  ITEMS_OF_O,
  lockedRead,
  lockOrder,
} from '../checkout/service.js';
import {
  assertCodeUsable,
  cartDiscountColumn,
  countCodeUse,
  holdsCodeUse,
  readCartDiscount,
  takeHeldCodeUse,
} from '../discount/offers.js';
import { saleEntries } from '../ledger/hooks.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import {
  canceledUnfulfillable,
  eventStatement,
  orderPaid,
  paidWrites,
  paymentFailed,
  paymentStartedEvent,
  recordEvent,
} from '../order/hooks.js';
import {
  cancelUnfulfillable,
  type ItemRow,
  markPaymentFailed,
  type OrderRow,
  orderShape,
  paidStatement,
  paymentPendingStatement,
  readOrderWithItems,
} from '../order/lifecycle.js';
import { lockUnits, release, sell } from '../product/stock.js';
import { reversedStatement } from './hooks.js';
import { sendOrderConfirmation } from './mail.js';

export type PaymentRow = typeof payments.$inferSelect;
export const paymentShape = rowShape(payments);

/** The unique index that keeps one provider transaction to one attempt. */
const TRANSACTION_KEY = 'payments_provider_transaction_key';

/** How long after payment a confirmation that failed is still tried again. */
const CONFIRMATION_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The path of the sandbox's hosted card page (payment/sandbox-page.ts). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay';
/** The path of the sandbox's hosted page to save a card (the subscription's). */
export const SANDBOX_CARD_PATH = '/sandbox-card';

export function createProvider(ctx: AppContext): PaymentProvider {
  const { payments: config } = ctx.config;
  if (config.provider === 'epoint') {
    return epointProvider({
      publicKey: config.epoint.publicKey as string,
      privateKey: config.epoint.privateKey as string,
      apiUrl: config.epoint.apiUrl,
    });
  }
  return sandboxProvider(
    config.sandboxSecret,
    (id) => `${ctx.config.publicUrl}${SANDBOX_PAGE_PATH}/${id}`,
    (token) => `${ctx.config.publicUrl}${SANDBOX_CARD_PATH}/${token}`,
  );
}

/**
 * Thrown inside a payment's transaction when the order's hold on its code's use ran out before
 * the use was taken (takeHeldCodeUse): the transaction rolls back and the payment is applied again.
 */
class HoldLapsed extends Error {}

/** After a result: what is left to do outside the transaction. */
interface Applied {
  order: OrderRow;
  /** The order became paid by this result. */
  paid: boolean;
  /** Money was taken that must go back (a second payment of a paid order, a wrong amount, nothing left to sell). */
  reverse: { payment: PaymentRow; amount: number } | null;
  /** The order's lines, when it became paid. */
  items?: ItemRow[];
  /** Stock the storefront shows changed (a unit sold out or down to its last few). */
  storefrontChanged?: boolean;
}

/**
 * Card payments (DESIGN §5). An order becomes paid only here, from a verified provider result
 * (callback or status query), never from the browser arriving at a success page. Results are
 * applied once: a replay finds the attempt settled and changes nothing.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  private readonly checkouts: CheckoutService;

  constructor(
    private readonly ctx: AppContext,
    provider?: PaymentProvider,
  ) {
    this.provider = provider ?? createProvider(ctx);
    this.checkouts = new CheckoutService(ctx);
  }

  /** POST /Payment/start: a new attempt for a placed order; its units are held again. */
  async start(input: StartPaymentInput, origin: string): Promise<{ redirectUrl: string; paymentId: string }> {
    const { order, payment } = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const { order, items, cartDiscount } = await lockOrder(tx, input.orderId, input.uniqueCode);
      if (order.paymentStatus === 'paid') throw new AppError('ORDER_ALREADY_PAID');
      if (order.paymentStatus === 'canceled') throw new AppError('CHECKOUT_CLOSED');
      if (order.number === null) throw new AppError('CHECKOUT_FAILED');
      // Placed to pay the courier in cash: there is no card payment to start.
      if (order.paymentMethod === 'cash') throw new AppError('CASH_ON_DELIVERY_ORDER');
      // A retry after a failed payment (or once the hold ran out): its code may have been used
      // up meanwhile — told now, not after paying (the payment's own count is the exact one).
      // An order that still holds its use has nothing to learn.
      if (cartDiscount?.kind === 'code' && !holdsCodeUse(order)) {
        await assertCodeUsable(tx, cartDiscount, { orderId: order.id, email: order.email, lock: false });
      }
      await this.checkouts.holdAgain(tx, order, items);
      // The attempt, the order's new state and its timeline's line in one statement (the
      // attempt's id made here, so that the line can name it), the transaction's last.
      const attempt = { id: randomUUID(), amount: order.total, provider: this.provider.name };
      const [payment] = paymentShape.rows(
        await executeAndCommit(
          tx,
          sql`with o as (${paymentPendingStatement(order.id)}), started as (${paymentStartedEvent(order, attempt)})
          insert into payments (id, order_id, market_id, provider, amount, success_url, error_url)
          values (${attempt.id}, ${order.id}, ${order.marketId}, ${attempt.provider}, ${attempt.amount},
            ${`${origin}/card-success?orderId=${order.id}`}, ${`${origin}/card-failed?orderId=${order.id}`})
          returning ${paymentShape.columns}`,
        ),
      ) as [PaymentRow];
      return { order, payment };
    });
    try {
      const started = await this.provider.start({
        paymentId: payment.id,
        amount: payment.amount,
        currency: 'AZN',
        language: order.language as Language,
        description: `${order.name}`,
        successUrl: payment.successUrl,
        errorUrl: payment.errorUrl,
      });
      if (started.transaction !== null) {
        try {
          await this.ctx.db.execute(sql`update payments set transaction = ${started.transaction},
            updated_at = ${new Date()} where id = ${payment.id}`);
        } catch (error) {
          if (!isUniqueViolation(error, TRANSACTION_KEY)) throw error;
          throw new ProviderError(`the provider named transaction ${started.transaction}, which another payment has`);
        }
      }
      return { redirectUrl: started.redirectUrl, paymentId: payment.id };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider refused to start');
      await this.apply({
        paymentId: payment.id,
        status: 'failed',
        transaction: null,
        cardMask: null,
        amount: null,
        code: null,
        message: error.message,
        cause: 'provider_error',
      });
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
  }

  /** A result POSTed by the provider: verified, then applied (once). */
  async handleCallback(providerName: string, body: unknown): Promise<Applied | null> {
    if (providerName !== this.provider.name) throw new AppError('NOT_FOUND');
    return this.apply(this.provider.verifyCallback(body));
  }

  /**
   * Applies a verified result; null when the attempt was already settled (a replay). A result
   * naming a transaction that another attempt already has is refused whole (nothing changes):
   * one transaction can not pay two attempts.
   */
  async apply(result: PaymentResult): Promise<Applied | null> {
    try {
      return await this.applyOnce(result).catch((error: unknown) => {
        // The order's hold ran out while its payment was applied: nothing of it was kept; again,
        // with the code checked first.
        if (error instanceof HoldLapsed) return this.applyOnce(result, { codeFirst: true });
        throw error;
      });
    } catch (error) {
      if (!isUniqueViolation(error, TRANSACTION_KEY)) throw error;
      this.ctx.log.error(
        { paymentId: result.paymentId, transaction: result.transaction, status: result.status },
        'payment result refused: its transaction belongs to another payment',
      );
      throw new AppError('PAYMENT_TRANSACTION_TAKEN');
    }
  }

  private async applyOnce(result: PaymentResult, options: { codeFirst?: boolean } = {}): Promise<Applied | null> {
    const applied = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The attempt, then its order (the order every payment path locks them in), with the
      // order's lines and whether its market fulfils on payment: one statement.
      const row = await lockedRead(
        tx,
        sql`select ${paymentShape.columnsOf('p')}, row_to_json(o) as order_row, ${ITEMS_OF_O}, ${FRESH_O},
            m.auto_fulfill, ${cartDiscountColumn(sql`o.discount_id`)} as cart_discount
          from payments p join orders o on o.id = p.order_id join markets m on m.id = o.market_id
          where p.id = ${result.paymentId} for update of p, o`,
      );
      if (!row) throw new AppError('NOT_FOUND');
      const payment = paymentShape.read(row);
      if (payment.status !== 'started') return null;
      const { order, items } = readOrderWithItems({ ...(row.order_row as Record<string, unknown>), items: row.items });
      type Extra = { message?: string; returnCause?: PaymentReturnCause };
      // Money that goes back is what the provider says it took.
      const taken = result.amount ?? payment.amount;
      const settled = (status: PaymentRow['status'], extra: Extra = {}) =>
        sql`update payments set status = ${status}, transaction = ${result.transaction ?? payment.transaction},
            card_mask = ${result.cardMask}, code = ${result.code}, message = ${extra.message ?? result.message},
            return_cause = ${extra.returnCause ?? null}, return_amount = ${extra.returnCause ? taken : null},
            updated_at = ${new Date()}
          where id = ${payment.id} returning ${paymentShape.columns}`;
      const settle = async (status: PaymentRow['status'], extra: Extra = {}) =>
        paymentShape.rows(await tx.execute(settled(status, extra))) as [PaymentRow];

      /** The attempt ended unpaid: with no other attempt still open, the order's payment failed. */
      const attemptFailed = async () => {
        const [{ open }] = rowsOf<{ open: number }>(
          await tx.execute(sql`select count(*)::int as open from payments
            where order_id = ${order.id} and status = 'started'`),
        ) as [{ open: number }];
        if (order.paymentStatus !== 'pending' || open > 0) return order;
        // The held units go back at once: a retry holds them again if they are still there.
        if (order.reservation === 'held') await release(tx, heldUnits(items));
        return markPaymentFailed(tx, order);
      };

      if (result.status !== 'approved') {
        await settle(result.status === 'declined' ? 'declined' : 'failed');
        await paymentFailed(tx, order, payment, result);
        return { order: await attemptFailed(), paid: false, reverse: null };
      }

      // Approved. Money arrived; decide whether the order can take it.
      if (result.amount !== payment.amount) {
        this.ctx.log.error(
          { paymentId: payment.id, expected: payment.amount, got: result.amount },
          'payment amount mismatch',
        );
        const message = `Amount ${result.amount} differs from ${payment.amount}`;
        const [failedAttempt] = await settle('failed', { message, returnCause: 'amount_mismatch' });
        await paymentFailed(tx, order, payment, { code: result.code, message, cause: 'amount_mismatch' });
        // What was actually taken goes back (a provider refuses to give back more than was paid).
        return {
          order: await attemptFailed(),
          paid: false,
          reverse: { payment: failedAttempt, amount: result.amount ?? payment.amount },
        };
      }
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'canceled') {
        const [approved] = await settle('approved', {
          returnCause: order.paymentStatus === 'paid' ? 'already_paid' : 'order_canceled',
        });
        return { order, paid: false, reverse: { payment: approved, amount: approved.amount } };
      }
      // A code's use is counted now, exactly (decision 018). An order that held its use when the
      // payment began takes it with the last statement before the commit (takeHeldCodeUse), so
      // that the code's row, which every placing and payment of the code queues on, is held only
      // from there to the commit. One whose hold had run out has the code checked first — its
      // units locked, then the code's row (the order every path takes them in): when others took
      // the code's last uses meanwhile, it is canceled and the money goes back.
      const cartDiscount = readCartDiscount(row.cart_discount);
      const code = cartDiscount?.kind === 'code' ? cartDiscount : null;
      const heldUse = code !== null && !options.codeFirst && holdsCodeUse(order);
      if (code && !heldUse) {
        const units = heldUnits(items);
        if (units.length) await lockUnits(tx, units);
        const usable = await assertCodeUsable(tx, code, { orderId: order.id, email: order.email, lock: true }).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError) return false;
            throw error;
          },
        );
        if (!usable) {
          const [approved] = await settle('approved', { returnCause: 'code_used_up' });
          if (order.reservation === 'held') await release(tx, units);
          const canceled = await cancelUnfulfillable(tx, order.id);
          await canceledUnfulfillable(tx, canceled, 'code_used_up');
          return { order: canceled, paid: false, reverse: { payment: approved, amount: approved.amount } };
        }
      }
      const sold = await sell(tx, heldUnits(items), order.reservation === 'held');
      if (!sold.ok) {
        // The hold ran out and the units were sold to someone else: never oversell.
        const [approved] = await settle('approved', { returnCause: 'out_of_stock' });
        const canceled = await cancelUnfulfillable(tx, order.id);
        await canceledUnfulfillable(tx, canceled, 'out_of_stock');
        return { order: canceled, paid: false, reverse: { payment: approved, amount: approved.amount } };
      }
      // The attempt approved, the sale and its fee in the ledger, the order paid, its timeline's
      // line and its customer: one statement.
      const [paidRow] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`with p as (${settled('approved')}), ledger as (${saleEntries(order, payment)}),
          ${paidWrites({ ...order, cardMask: result.cardMask }, payment)}
          ${paidStatement(order.id, result.cardMask)}
          returning ${orderShape.columns}, (select row_to_json(p) from p) as payment_row`),
      );
      const paidNow = orderShape.read(paidRow as Record<string, unknown>);
      const approved = paymentShape.read(paidRow?.payment_row as Record<string, unknown>);
      // Automatic fulfilment when the market has it on (order/hooks.ts).
      const paid = await orderPaid(tx, paidNow, items, approved, row.auto_fulfill as boolean, { written: true });
      // Without a code to count, that is the transaction's last statement.
      await spendBasket(tx, order, items, { last: code === null });
      // Last, the code counts one use: its row is locked from here to the commit.
      if (code && heldUse) {
        if (!(await takeHeldCodeUse(tx, code.id, order.reservedUntil))) throw new HoldLapsed();
      } else if (code) {
        await countCodeUse(tx, code.id);
      }
      return { order: paid, items, paid: true, reverse: null, storefrontChanged: sold.storefrontChanged };
    });
    if (!applied) return null;
    if (applied.paid) {
      // Stock shown in the storefront (sold out, a few left) changed: its caches start again.
      if (applied.storefrontChanged) {
        await bumpCatalogVersion(this.ctx, applied.order.marketId);
      }
      await this.sendConfirmation(applied.order, applied.items);
    }
    if (applied.reverse) await this.reverseAutomatically(applied.reverse.payment, applied.reverse.amount);
    return applied;
  }

  /**
   * Gives back money the order could not take, at once; the order's timeline says so — or that
   * the provider refused, so that the merchant returns it by hand.
   */
  private async reverseAutomatically(payment: PaymentRow, amount: number) {
    const order = { id: payment.orderId, marketId: payment.marketId };
    const about = { paymentId: payment.id, amount, cardMask: payment.cardMask, cause: payment.returnCause };
    let refusal: string;
    try {
      const outcome = await this.provider.reverse(payment, amount);
      if (outcome.ok) {
        await this.ctx.db.execute(
          sql`with returned as (${reversedStatement(payment.id)}) ${eventStatement(order, 'payment_returned', about)}`,
        );
        return;
      }
      refusal = outcome.message ?? '';
      this.ctx.log.error({ paymentId: payment.id, reason: outcome.message }, 'automatic reversal refused');
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
      this.ctx.log.error({ err: error, paymentId: payment.id }, 'automatic reversal failed');
    }
    try {
      await recordEvent(this.ctx.db, order, 'payment_return_failed', { ...about, reason: refusal });
    } catch (error) {
      this.ctx.log.error({ err: error, paymentId: payment.id }, 'could not record the failed reversal');
    }
  }

  /** Mails the order's confirmation in the shopper's language; true when it went out. */
  private async sendConfirmation(order: OrderRow, items?: ItemRow[]): Promise<boolean> {
    if (!order.email || order.confirmationSentAt) return false;
    return sendOrderConfirmation(this.ctx, order, await checkoutView(this.ctx.db, order, items));
  }

  /**
   * Confirmations that did not go out when their order was paid, or placed to pay in cash on
   * delivery (the mail server refused or was away): sent now, oldest first, for orders of the
   * last day — a confirmation days late helps no one. An order paid (placed) less than `minAgeMs`
   * ago is left to the request that did it. Run every minute by one process (app.ts); answers how many went out.
   */
  async sendDueConfirmations(options: { minAgeMs?: number; limit?: number } = {}): Promise<number> {
    const now = Date.now();
    const since = new Date(now - CONFIRMATION_RETRY_WINDOW_MS);
    const until = new Date(now - (options.minAgeMs ?? 60_000));
    const limit = options.limit ?? 50;
    // Card orders are confirmed when paid; cash-on-delivery ones when placed (a cash order paid
    // later is not told "pay the courier" after the fact). Each from its own partial index.
    const due = orderShape.rows(
      await this.ctx.db.execute(sql`(select ${orderShape.columns} from orders
          where confirmation_sent_at is null and email is not null and payment_status = 'paid'
            and payment_method = 'card' and paid_at > ${since} and paid_at <= ${until}
          order by paid_at limit ${limit})
        union all
        (select ${orderShape.columns} from orders
          where confirmation_sent_at is null and email is not null and payment_method = 'cash'
            and payment_status = 'unpaid' and placed_at > ${since} and placed_at <= ${until}
          order by placed_at limit ${limit})`),
    );
    let sent = 0;
    for (const order of due) if (await this.sendConfirmation(order)) sent++;
    return sent;
  }

  /**
   * GET /Order/status/{id}: the visitor's order. While a payment is pending for more than a
   * few seconds (the callback may be late or lost), the provider is asked how it ended.
   */
  async orderStatus(orderId: string, uniqueCode: string): Promise<Checkout> {
    const [order] = await this.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.uniqueCode, uniqueCode)));
    if (!order) throw new AppError('NOT_FOUND');
    if (order.paymentStatus === 'pending') {
      const [latest] = await this.ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'started')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      if (latest && Date.now() - latest.createdAt.getTime() > 5_000) {
        try {
          const result = await this.provider.status(latest);
          if (result) {
            const applied = await this.apply({ ...result, paymentId: latest.id });
            if (applied) return this.withReturnedPayments(await checkoutView(this.ctx.db, applied.order));
          }
        } catch (error) {
          this.ctx.log.warn({ err: error, paymentId: latest.id }, 'payment status query failed');
        }
      }
    }
    return this.withReturnedPayments(await checkoutView(this.ctx.db, order));
  }

  /** The order's payments that went back by themselves, for the shopper's result page. */
  private async withReturnedPayments(view: Checkout): Promise<Checkout> {
    // Only an order that is settled can have had a payment it could not take.
    if (view.paymentStatus === 'pending' || view.paymentStatus === 'unpaid') return { ...view, returnedPayments: [] };
    const rows = rowsOf<{ amount: number; card_mask: string | null; return_cause: PaymentReturnCause; status: string }>(
      await this.ctx.db.execute(sql`select coalesce(return_amount, amount) as amount, card_mask, return_cause, status
        from payments
        where order_id = ${view.id} and return_cause is not null order by created_at`),
    );
    return {
      ...view,
      returnedPayments: rows.map((r) => ({
        amount: r.amount,
        cardMask: r.card_mask,
        cause: r.return_cause,
        returned: r.status === 'reversed',
      })),
    };
  }
}
