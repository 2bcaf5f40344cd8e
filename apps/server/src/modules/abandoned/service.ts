import {
  type AbandonedCheckout,
  type AbandonedCheckoutPage,
  type AbandonedLine,
  type AbandonedListQuery,
  type AbandonedSettings,
  abandonedLimits,
  abandonedListQuerySchema,
  commerceLimits,
  isLanguage,
  type Language,
  type PaymentStatus,
  type RecoverBasketInput,
  type RecoveredBasket,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { folded, phoneDigits, searchPattern } from '../../platform/search.js';
import { BasketService } from '../basket/service.js';
import { heldUnits, orderItemsOf } from '../checkout/service.js';
import { setAbandonedReminder } from '../market/hooks.js';
import { markHoldReleased, markRecoveries, markReminderSent } from '../order/lifecycle.js';
import { release } from '../product/stock.js';
import { reminderMail } from './mail.js';
import { recoveryToken, tokenCheckoutId, tokenMatches } from './token.js';

/**
 * Abandoned checkouts. A checkout (an order row, `o`, of market `m`) is abandoned when the
 * shopper gave an e-mail, it is not paid, and nothing happened to it for the market's reminder
 * delay — 60 minutes when reminders are off. A checkout followed by a paid order of the same
 * shopper (e-mail) before that is not abandoned: they bought after all.
 *
 * Recovered: paid after it was abandoned — itself after its reminder went out, or by a later
 * order of the same shopper (the recovery link fills a new cart, so its checkout is a new row)
 * paid once the delay had passed. The reminder job writes it down (`recovered_at`); lists
 * compute it too, so a recovery shows at once.
 */

/** The delay after which a checkout of `m` counts as abandoned. */
const DELAY = sql.raw(
  `make_interval(mins => coalesce(m.abandoned_reminder_minutes, ${abandonedLimits.defaultMinutes}))`,
);

/**
 * A checkout nobody has paid (canceled ones were paid and given back, or refused). An order placed
 * to pay in cash on delivery is unpaid until the courier collects: it was not abandoned.
 */
const OPEN_STATUS_TEXT = `o.paid_at is null and o.payment_status in ('unpaid', 'failed', 'pending') and o.payment_method = 'card'`;
const OPEN_STATUS = sql.raw(OPEN_STATUS_TEXT);

/** Rows that may be abandoned checkouts at all: cheap to test, before anything else is computed. */
const CANDIDATE = sql.raw(`o.email is not null and (o.reminder_sent_at is not null or o.recovered_at is not null
  or (${OPEN_STATUS_TEXT}))`);

const RECOVERED_AT = sql`coalesce(o.recovered_at, (select min(p.paid_at) from orders p
  where p.market_id = o.market_id and p.email = o.email and p.paid_at is not null and p.created_at >= o.created_at
    and ((o.reminder_sent_at is not null and p.paid_at > o.reminder_sent_at)
      or (p.id <> o.id and p.paid_at > o.updated_at + ${DELAY}))))`;

/** A later order of the same shopper was paid. */
const PAID_LATER = sql.raw(`exists (select 1 from orders p where p.market_id = o.market_id and p.id <> o.id
  and p.email = o.email and p.paid_at is not null and p.created_at >= o.created_at)`);

/** Listed: recovered, or open, quiet for the delay (or reminded) and not bought since. */
const LISTED = sql`(r.recovered_at is not null or (${OPEN_STATUS}
  and (o.reminder_sent_at is not null or o.updated_at <= now() - ${DELAY}) and not ${PAID_LATER}))`;

/** A reminder is never sent for a checkout quiet for longer than this past its delay. */
const REMINDER_WINDOW_DAYS = 7;

/** Due for its one reminder: abandoned for the market's delay (reminders on), never reminded, not bought since. */
const DUE = sql`o.reminder_sent_at is null and o.recovered_at is null and o.email is not null and ${OPEN_STATUS}
  and m.abandoned_reminder_minutes is not null
  and o.updated_at <= now() - make_interval(mins => m.abandoned_reminder_minutes)
  and o.updated_at > now() - make_interval(mins => m.abandoned_reminder_minutes)
    - make_interval(days => ${REMINDER_WINDOW_DAYS})
  and not ${PAID_LATER}
  and exists (select 1 from order_items i where i.order_id = o.id)`;

interface Row {
  id: string;
  email: string;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  language: string;
  name: string | null;
  payment_status: PaymentStatus;
  paid_at: Date | string | null;
  subtotal: number;
  shipping_price: number;
  total: number;
  unique_code: string;
  created_at: Date | string;
  updated_at: Date | string;
  reminder_sent_at: Date | string | null;
  recovered_at: Date | string | null;
  market_name: string;
  store_origin: string | null;
  reminder_minutes: number | null;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const iso = (value: Date | string | null) => (value === null ? null : date(value).toISOString());

/**
 * Where the market's shoppers find it: its verified, active custom domain (the primary one first),
 * or null for the platform's own address. Recovery links lead there.
 */
const STORE_ORIGIN = sql`(select case when d.ssl_enabled then 'https://' else 'http://' end || d.name
    from market_domains d where d.market_id = m.id and d.verified and d.active
    order by d."primary" desc, d.created_at limit 1)`;

const SELECT = sql`select o.id, o.email, o.phone, o.shipping_address->>'firstName' as first_name,
    o.shipping_address->>'lastName' as last_name, o.language, o.name, o.payment_status, o.paid_at,
    o.subtotal, o.shipping_price, o.total, o.unique_code, o.created_at, o.updated_at, o.reminder_sent_at,
    r.recovered_at, m.name as market_name, ${STORE_ORIGIN} as store_origin,
    m.abandoned_reminder_minutes as reminder_minutes`;

const FROM = sql`from orders o join markets m on m.id = o.market_id
  cross join lateral (select ${RECOVERED_AT} as recovered_at) r`;

export class AbandonedCheckoutService {
  private readonly baskets: BasketService;

  constructor(private readonly ctx: AppContext) {
    this.baskets = new BasketService(ctx);
  }

  /**
   * The storefront link that restores the checkout's cart: on the store's own domain when it has
   * one (the shopper bought there), else at the platform's address.
   */
  recoveryUrl(store: { name: string; origin: string | null }, checkoutId: string, uniqueCode: string): string {
    const token = recoveryToken(checkoutId, uniqueCode);
    return store.origin
      ? `${store.origin}/recover/${token}`
      : `${this.ctx.config.publicUrl}/${store.name}/recover/${token}`;
  }

  private async linesOf(db: Db, ids: string[]): Promise<Map<string, AbandonedLine[]>> {
    const lines = new Map<string, AbandonedLine[]>(ids.map((id) => [id, []]));
    if (!ids.length) return lines;
    const rows = rowsOf<{
      order_id: string;
      product_id: string | null;
      variant_id: string | null;
      title: string;
      variant_title: string | null;
      image_url: string | null;
      unit_price: number;
      quantity: number;
    }>(
      await db.execute(sql`select order_id, product_id, variant_id, title, variant_title, image_url, unit_price, quantity
        from order_items where order_id = any(${sql.param(ids)}::uuid[]) order by order_id, position`),
    );
    for (const r of rows) {
      lines.get(r.order_id)?.push({
        productId: r.product_id,
        variantId: r.variant_id,
        title: r.title,
        variantTitle: r.variant_title,
        imageUrl: r.image_url,
        unitPrice: Number(r.unit_price),
        quantity: Number(r.quantity),
        lineTotal: Number(r.unit_price) * Number(r.quantity),
      });
    }
    return lines;
  }

  private view(row: Row, items: AbandonedLine[], now = Date.now()): AbandonedCheckout {
    const updatedAt = date(row.updated_at);
    let reminderDueAt: string | null = null;
    if (row.reminder_minutes !== null && !row.reminder_sent_at && !row.recovered_at && !row.paid_at) {
      const due = updatedAt.getTime() + row.reminder_minutes * 60_000;
      if (due > now - REMINDER_WINDOW_DAYS * 86_400_000) reminderDueAt = new Date(due).toISOString();
    }
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
    return {
      id: row.id,
      email: row.email,
      phone: row.phone,
      customerName: name || null,
      language: row.language,
      orderName: row.name,
      paymentStatus: row.payment_status,
      items,
      itemCount: items.reduce((n, i) => n + i.quantity, 0),
      subtotal: Number(row.subtotal),
      shippingPrice: Number(row.shipping_price),
      total: Number(row.total),
      currency: 'AZN',
      createdAt: date(row.created_at).toISOString(),
      updatedAt: updatedAt.toISOString(),
      reminderSentAt: iso(row.reminder_sent_at),
      reminderDueAt,
      recoveredAt: iso(row.recovered_at),
      recoveryUrl: this.recoveryUrl({ name: row.market_name, origin: row.store_origin }, row.id, row.unique_code),
    };
  }

  /** GET /AbandonedCheckout/all: newest activity first. */
  async list(
    market: { id: string; abandonedReminderMinutes: number | null },
    input: AbandonedListQuery,
  ): Promise<AbandonedCheckoutPage> {
    const q = abandonedListQuerySchema.parse({ ...input, marketId: market.id });
    const conditions: SQL[] = [sql`o.market_id = ${market.id}`, sql`${CANDIDATE}`, LISTED];
    if (q.status === 'open') conditions.push(sql`r.recovered_at is null`);
    if (q.status === 'recovered') conditions.push(sql`r.recovered_at is not null`);
    if (q.search) {
      const hay = folded(
        sql`concat_ws(' ', o.email, o.phone, o.shipping_address->>'firstName', o.shipping_address->>'lastName', o.name)`,
      );
      const byText = sql`${hay} like ${folded(sql`${searchPattern(q.search)}::text`)}`;
      const digits = phoneDigits(q.search);
      conditions.push(
        digits
          ? sql`(${byText} or regexp_replace(coalesce(o.phone, ''), '\\D', '', 'g') like ${`%${digits}%`})`
          : byText,
      );
    }
    const where = sql.join(conditions, sql` and `);
    const [rows, counted] = await Promise.all([
      this.ctx.db.execute(sql`${SELECT} ${FROM} where ${where}
        order by o.updated_at desc, o.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      this.ctx.db.execute(sql`select count(*)::int as total ${FROM} where ${where}`),
    ]);
    const found = rowsOf<Row>(rows);
    const lines = await this.linesOf(
      this.ctx.db,
      found.map((r) => r.id),
    );
    const now = Date.now();
    return {
      items: found.map((r) => this.view(r, lines.get(r.id) ?? [], now)),
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      page: q.page,
      pageSize: q.pageSize,
      reminderMinutes: market.abandonedReminderMinutes,
    };
  }

  /** GET /AbandonedCheckout/{id}: one of the list's checkouts. */
  async details(marketId: string, id: string): Promise<AbandonedCheckout> {
    const [row] = rowsOf<Row>(
      await this.ctx.db.execute(
        sql`${SELECT} ${FROM} where o.id = ${id} and o.market_id = ${marketId} and ${CANDIDATE} and ${LISTED}`,
      ),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const lines = await this.linesOf(this.ctx.db, [row.id]);
    return this.view(row, lines.get(row.id) ?? []);
  }

  /** PUT /Market/abandoned-settings. */
  async saveSettings(marketId: string, reminderMinutes: number | null): Promise<AbandonedSettings> {
    await setAbandonedReminder(this.ctx.db, marketId, reminderMinutes);
    return { marketId, reminderMinutes };
  }

  /**
   * POST /Basket/recover: the checkout's lines go into the visitor's basket at today's prices
   * and within today's stock, as "add to cart" would put them (a line already there is topped up
   * to the checkout's quantity, never doubled). Units the old checkout still holds are given back
   * first, so they don't stand in the way of its own shopper.
   */
  async recover(input: RecoverBasketInput): Promise<RecoveredBasket> {
    const checkoutId = tokenCheckoutId(input.token);
    if (!checkoutId) throw new AppError('NOT_FOUND');
    const [order] = rowsOf<{
      id: string;
      market_id: string;
      unique_code: string;
      payment_status: PaymentStatus;
    }>(
      await this.ctx.db.execute(sql`select id, market_id, unique_code, payment_status from orders
        where id = ${checkoutId} and market_id = ${input.marketId}`),
    );
    if (!order || !tokenMatches(input.token, order.id, order.unique_code)) throw new AppError('NOT_FOUND');
    if (order.payment_status === 'paid') throw new AppError('ORDER_ALREADY_PAID');

    await this.releaseHold(order.id);
    const items = await orderItemsOf(this.ctx.db, order.id);
    const unavailable: RecoveredBasket['unavailable'] = [];
    for (const item of items) {
      const missing = { title: item.title, variantTitle: item.variantTitle, requested: item.quantity, added: 0 };
      if (!item.productId) {
        unavailable.push(missing);
        continue;
      }
      const room = await this.room(input.marketId, input.uniqueCode, item.productId, item.variantId);
      const wanted = Math.max(item.quantity - room.current, 0);
      const quantity = Math.min(wanted, room.available);
      let added = 0;
      if (quantity > 0) {
        try {
          await this.baskets.add({
            marketId: input.marketId,
            uniqueCode: input.uniqueCode,
            productId: item.productId,
            variantId: item.variantId,
            quantity,
          });
          added = quantity;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      if (added < wanted) unavailable.push({ ...missing, added: room.current + added });
    }
    return { basket: await this.baskets.getOrCreate(input.marketId, input.uniqueCode), unavailable };
  }

  /** What the visitor's basket holds of a unit, and how many more of it can go in. */
  private async room(marketId: string, uniqueCode: string, productId: string, variantId: string | null) {
    const [unit] = rowsOf<{ limited: boolean; stock: number; reserved: number; current: number | null }>(
      await this.ctx.db.execute(sql`select p.track_quantity and not p.continue_selling as limited,
          coalesce(v.stock, p.stock) as stock, coalesce(v.reserved, p.reserved) as reserved,
          (select bi.quantity from basket_items bi join baskets b on b.id = bi.basket_id
            where b.market_id = ${marketId} and b.unique_code = ${uniqueCode}
              and bi.product_id = p.id and bi.variant_id is not distinct from ${variantId}) as current
        from products p left join product_variants v on v.id = ${variantId} and v.product_id = p.id
        where p.id = ${productId} and p.market_id = ${marketId} and p.status = 'active'`),
    );
    if (!unit) return { current: 0, available: 0 };
    const current = Number(unit.current ?? 0);
    const cap = commerceLimits.lineQuantity - current;
    const available = unit.limited ? Math.min(Number(unit.stock) - Number(unit.reserved) - current, cap) : cap;
    return { current, available: Math.max(available, 0) };
  }

  /** Gives back what an unpaid checkout still holds (the basket's new checkout will hold anew). */
  private async releaseHold(orderId: string): Promise<void> {
    await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [held] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from orders where id = ${orderId} and reservation = 'held'
          and payment_status in ('unpaid', 'failed') for update`),
      );
      if (!held) return;
      await release(tx, heldUnits(await orderItemsOf(tx, orderId)));
      await markHoldReleased(tx, orderId, false);
    });
  }

  /**
   * The reminder job: each abandoned checkout of a market with reminders on gets one e-mail
   * once its delay has passed. Each is claimed (`for update skip locked`), marked and mailed in
   * one transaction, so two processes never mail the same checkout, and a mail that fails to go
   * leaves it unmarked for the next run.
   */
  async sendReminders(limit = 100): Promise<number> {
    // One read finds the due ones; each is then claimed by its id, its conditions checked again
    // under the lock (another process may have mailed it, the shopper may have come back).
    const due = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`select o.id from orders o join markets m on m.id = o.market_id
        where ${DUE} order by o.updated_at limit ${limit}`),
    );
    let sent = 0;
    for (const { id } of due) {
      const mailed = await this.ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [row] = rowsOf<{
          id: string;
          email: string;
          language: string;
          total: number;
          unique_code: string;
          market_name: string;
          store_origin: string | null;
        }>(
          await tx.execute(sql`select o.id, o.email, o.language, o.total, o.unique_code, m.name as market_name,
              ${STORE_ORIGIN} as store_origin
            from orders o join markets m on m.id = o.market_id
            where o.id = ${id} and ${DUE}
            for update of o skip locked`),
        );
        if (!row) return false;
        await markReminderSent(tx, row.id);
        const items = (await this.linesOf(tx, [row.id])).get(row.id) ?? [];
        const language: Language = isLanguage(row.language) ? row.language : 'az';
        await this.ctx.mailer.send(
          reminderMail({
            to: row.email,
            language,
            marketName: row.market_name,
            items,
            total: Number(row.total),
            recoveryUrl: this.recoveryUrl({ name: row.market_name, origin: row.store_origin }, row.id, row.unique_code),
          }),
          tx,
        );
        return true;
      });
      if (mailed) sent++;
    }
    return sent;
  }

  /** Writes down the recoveries the lists compute (abandoned checkouts paid after all). */
  async markRecovered(): Promise<number> {
    return markRecoveries(
      this.ctx.db,
      sql`select o.id, r.recovered_at ${FROM}
        where o.recovered_at is null and ${CANDIDATE} and o.created_at > now() - interval '90 days'`,
    );
  }

  /** One run of the job: recoveries first, so a checkout bought meanwhile is not reminded. */
  async run(): Promise<{ recovered: number; reminded: number }> {
    const recovered = await this.markRecovered();
    const reminded = await this.sendReminders();
    return { recovered, reminded };
  }
}
