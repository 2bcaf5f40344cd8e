import type { Checkout, Language, StartPaymentInput } from '@shop/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { epointProvider } from '../../platform/payments/epoint.js';
import { type PaymentProvider, type PaymentResult, ProviderError } from '../../platform/payments/provider.js';
import { sandboxProvider } from '../../platform/payments/sandbox.js';
import {
  CheckoutService,
  checkoutView,
  heldUnits,
  lockOrder,
  type OrderRow,
  orderItemsOf,
} from '../checkout/service.js';
import { release, sell } from '../checkout/stock.js';
import { canceledOutOfStock, emailSent, orderPaid, paymentFailed, paymentStarted } from '../order/hooks.js';
import { bumpCatalogVersion } from '../product/cache.js';
import { orderConfirmationMail } from './mail.js';

export type PaymentRow = typeof payments.$inferSelect;

/** The path of the sandbox's hosted card page (payment/sandbox-page.ts). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay';

export function createProvider(ctx: AppContext): PaymentProvider {
  const { payments: config } = ctx.config;
  if (config.provider === 'epoint') {
    return epointProvider({
      publicKey: config.epoint.publicKey as string,
      privateKey: config.epoint.privateKey as string,
      apiUrl: config.epoint.apiUrl,
    });
  }
  return sandboxProvider(config.sandboxSecret, (id) => `${ctx.config.publicUrl}${SANDBOX_PAGE_PATH}/${id}`);
}

/** After a result: what is left to do outside the transaction. */
interface Applied {
  order: OrderRow;
  /** The order became paid by this result. */
  paid: boolean;
  /** Money was taken that must go back (a second payment of a paid order, a wrong amount, nothing left to sell). */
  reverse: { payment: PaymentRow; amount: number } | null;
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
      const order = await lockOrder(tx, input.orderId, input.uniqueCode);
      if (order.paymentStatus === 'paid') throw new AppError('ORDER_ALREADY_PAID');
      if (order.paymentStatus === 'canceled') throw new AppError('CHECKOUT_CLOSED');
      if (order.number === null) throw new AppError('CHECKOUT_FAILED');
      await this.checkouts.rehold(tx, order, await orderItemsOf(tx, order.id));
      const [payment] = (await tx
        .insert(payments)
        .values({
          orderId: order.id,
          marketId: order.marketId,
          provider: this.provider.name,
          amount: order.total,
          successUrl: `${origin}/card-success?orderId=${order.id}`,
          errorUrl: `${origin}/card-failed?orderId=${order.id}`,
        })
        .returning()) as [PaymentRow];
      await tx.update(orders).set({ paymentStatus: 'pending', updatedAt: new Date() }).where(eq(orders.id, order.id));
      await paymentStarted(tx, order, payment);
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
      await this.ctx.db
        .update(payments)
        .set({ transaction: started.transaction, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
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
      });
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
  }

  /** A result POSTed by the provider: verified, then applied (once). */
  async handleCallback(providerName: string, body: unknown): Promise<Applied | null> {
    if (providerName !== this.provider.name) throw new AppError('NOT_FOUND');
    return this.apply(this.provider.verifyCallback(body));
  }

  async payment(id: string): Promise<PaymentRow | null> {
    const [row] = await this.ctx.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  /** Applies a verified result; null when the attempt was already settled (a replay). */
  async apply(result: PaymentResult): Promise<Applied | null> {
    const applied = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [payment] = await tx.select().from(payments).where(eq(payments.id, result.paymentId)).for('update');
      if (!payment) throw new AppError('NOT_FOUND');
      if (payment.status !== 'started') return null;
      const [order] = (await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update')) as [
        OrderRow,
      ];
      const settle = (status: PaymentRow['status'], extra: Partial<PaymentRow> = {}) =>
        tx
          .update(payments)
          .set({
            status,
            transaction: result.transaction ?? payment.transaction,
            cardMask: result.cardMask,
            code: result.code,
            message: result.message,
            updatedAt: new Date(),
            ...extra,
          })
          .where(eq(payments.id, payment.id))
          .returning();

      /** The attempt ended unpaid: with no other attempt still open, the order's payment failed. */
      const attemptFailed = async () => {
        const [{ open }] = (await tx
          .select({ open: sql<number>`count(*)::int` })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, 'started')))) as [{ open: number }];
        if (order.paymentStatus !== 'pending' || open > 0) return order;
        // The held units go back at once: a retry holds them again if they are still there.
        if (order.reservation === 'held') await release(tx, heldUnits(await orderItemsOf(tx, order.id)));
        const [failed] = (await tx
          .update(orders)
          .set({
            paymentStatus: 'failed',
            reservation: order.reservation === 'held' ? 'released' : order.reservation,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id))
          .returning()) as [OrderRow];
        return failed;
      };

      if (result.status !== 'approved') {
        await settle(result.status === 'declined' ? 'declined' : 'failed');
        await paymentFailed(tx, order, payment, result);
        return { order: await attemptFailed(), paid: false, reverse: null };
      }

      // Approved. Money arrived; decide whether the order can take it.
      const [approved] = (await settle('approved')) as [PaymentRow];
      if (result.amount !== payment.amount) {
        this.ctx.log.error(
          { paymentId: payment.id, expected: payment.amount, got: result.amount },
          'payment amount mismatch',
        );
        const message = `Amount ${result.amount} differs from ${payment.amount}`;
        await settle('failed', { message });
        await paymentFailed(tx, order, payment, { code: result.code, message });
        // What was actually taken goes back (a provider refuses to give back more than was paid).
        return {
          order: await attemptFailed(),
          paid: false,
          reverse: { payment: approved, amount: result.amount ?? payment.amount },
        };
      }
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'canceled') {
        return { order, paid: false, reverse: { payment: approved, amount: approved.amount } };
      }
      const items = await orderItemsOf(tx, order.id);
      const sold = await sell(tx, heldUnits(items), order.reservation === 'held');
      if (!sold.ok) {
        // The hold ran out and the units were sold to someone else: never oversell.
        const [canceled] = (await tx
          .update(orders)
          .set({ paymentStatus: 'canceled', reservation: 'released', updatedAt: new Date() })
          .where(eq(orders.id, order.id))
          .returning()) as [OrderRow];
        await canceledOutOfStock(tx, canceled);
        return { order: canceled, paid: false, reverse: { payment: approved, amount: approved.amount } };
      }
      const [paidNow] = (await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          reservation: 'sold',
          paidAt: new Date(),
          cardMask: result.cardMask,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      // Timeline, customers, and automatic fulfilment when the market has it on (order/hooks.ts).
      const paid = await orderPaid(tx, paidNow, items, approved);
      // The bought units leave the shopper's basket; anything added since stays.
      if (order.basketId) {
        // One statement for every bought unit (a variant id or, without variants, the product's).
        await tx.execute(sql`delete from basket_items where basket_id = ${order.basketId}
          and coalesce(variant_id, product_id) = any(${sql.param(items.map((i) => i.variantId ?? i.productId))}::uuid[])`);
      }
      return { order: paid, paid: true, reverse: null };
    });
    if (!applied) return null;
    if (applied.paid) {
      await bumpCatalogVersion(this.ctx, applied.order.marketId);
      await this.sendConfirmation(applied.order);
    }
    if (applied.reverse) await this.reverseAutomatically(applied.reverse.payment, applied.reverse.amount);
    return applied;
  }

  private async reverseAutomatically(payment: PaymentRow, amount: number) {
    try {
      const outcome = await this.provider.reverse(payment, amount);
      if (outcome.ok) {
        await this.ctx.db
          .update(payments)
          .set({ status: 'reversed', updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
      } else {
        this.ctx.log.error({ paymentId: payment.id, reason: outcome.message }, 'automatic reversal refused');
      }
    } catch (error) {
      this.ctx.log.error({ err: error, paymentId: payment.id }, 'automatic reversal failed');
    }
  }

  private async sendConfirmation(order: OrderRow) {
    if (!order.email || order.confirmationSentAt) return;
    try {
      const view = await checkoutView(this.ctx.db, order);
      const message = orderConfirmationMail(view, order.email, order.language as Language);
      await this.ctx.mailer.send(message);
      await this.ctx.db.update(orders).set({ confirmationSentAt: new Date() }).where(eq(orders.id, order.id));
      await emailSent(this.ctx.db, order, 'confirmation', message);
    } catch (error) {
      this.ctx.log.error({ err: error, orderId: order.id }, 'order confirmation mail failed');
    }
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
            if (applied) return checkoutView(this.ctx.db, applied.order);
          }
        } catch (error) {
          this.ctx.log.warn({ err: error, paymentId: latest.id }, 'payment status query failed');
        }
      }
    }
    return checkoutView(this.ctx.db, order);
  }
}
