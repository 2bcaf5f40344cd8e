import { Readable } from 'node:stream';
import {
  type ClosingSummary,
  isLanguage,
  type Language,
  type MarketView,
  purgeDate,
  RETENTION_YEARS,
} from '@shop/shared';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { confirmPassword, type MarketRow, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { csvHeader, csvRows } from '../../platform/csv.js';
import { AppError } from '../../platform/errors.js';
import { LedgerService } from '../ledger/service.js';
import type { OrderService } from '../order/service.js';
import { exportProductsCsv } from '../product/csv.js';
import { closedMail } from './closing-mail.js';
import { bumpCatalogVersion } from './hooks.js';
import { toMarketView } from './service.js';

const CUSTOMER_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'orders',
  'spent',
  'first_order',
  'last_order',
] as const;

/** A paid order not sent yet, or a cash order not collected: shoppers still wait for it. */
const OPEN_ORDER = sql`number is not null and archived_at is null and (
  (payment_status = 'paid' and fulfillment_status <> 'fulfilled')
  or (payment_method = 'cash' and payment_status = 'unpaid'))`;

/**
 * Closing a store (decision 023): what is still going on (shown first), the owner's export of its
 * data, closing it with their password — offline at once: storefront, domains, employees,
 * billing — reopening it within two years, and the purge two years on that keeps only the
 * accounting record.
 */
export class ClosingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly orders: OrderService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** GET /Market/closing-summary/{marketId}. */
  async summary(market: MarketRow): Promise<ClosingSummary> {
    const [counts] = rowsOf<{ open_orders: number; domains: number; employees: number }>(
      await this.ctx.db.execute(sql`select
          (select count(*) from orders where market_id = ${market.id} and ${OPEN_ORDER})::int as open_orders,
          (select count(*) from market_domains where market_id = ${market.id} and verified and active)::int as domains,
          (select count(*) from market_employees where market_id = ${market.id})::int as employees`),
    );
    const names = rowsOf<{ name: string }>(
      await this.ctx.db.execute(sql`select name from orders where market_id = ${market.id} and ${OPEN_ORDER}
        order by placed_at limit 20`),
    );
    return {
      openOrders: counts?.open_orders ?? 0,
      openOrderNames: names.map((n) => n.name),
      balance: await new LedgerService(this.ctx.db).balance(market.id),
      domains: counts?.domains ?? 0,
      employees: counts?.employees ?? 0,
      keptUntil: purgeDate(this.clock()).toISOString(),
    };
  }

  /** POST /Market/close/{marketId}: the owner's password, then the store is offline at once. */
  async close(market: MarketRow, owner: UserRow, password: string): Promise<MarketView> {
    await confirmPassword(this.ctx, owner, password);
    const now = this.clock();
    const [closed] = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`update markets set closed_at = ${now}, updated_at = ${now}
        where id = ${market.id} and closed_at is null returning id`),
    );
    if (!closed) throw new AppError('MARKET_CLOSED');
    // Every cached page and host of the store is looked up again: it is gone.
    await bumpCatalogVersion(this.ctx, market.id);
    await this.tellOwner(owner, [market.name], now);
    return toMarketView({ ...market, closedAt: now });
  }

  /**
   * The owner is told what closing means and until when it can be undone (`account`: the whole
   * account, `stores` all of it); a mail that fails is logged only.
   */
  private async tellOwner(owner: UserRow, stores: string[], closedAt: Date, account = false) {
    const language: Language = isLanguage(owner.language) ? owner.language : 'az';
    try {
      await this.ctx.mailer.send(closedMail(owner.email, language, stores, purgeDate(closedAt), account));
    } catch (error) {
      this.ctx.log.error({ err: error, stores, account }, 'telling the owner of a closing failed');
    }
  }

  /**
   * POST /User/close-account: every store of the owner closed as one would be, the account out of
   * every store it works in, every session ended. Signing in again within two years opens the
   * account again (its stores stay closed until reopened one by one).
   */
  async closeAccount(user: UserRow, password: string): Promise<void> {
    await confirmPassword(this.ctx, user, password);
    const now = this.clock();
    const closed = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const stores = rowsOf<{ id: string; name: string }>(
        await tx.execute(sql`update markets set closed_at = ${now}, updated_at = ${now}
          where owner_id = ${user.id} and closed_at is null returning id, name`),
      );
      await tx.execute(sql`delete from market_employees where user_id = ${user.id}`);
      await tx.execute(sql`update users set closed_at = ${now}, updated_at = ${now} where id = ${user.id}`);
      await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
      return stores;
    });
    for (const store of closed) await bumpCatalogVersion(this.ctx, store.id);
    await this.tellOwner(
      user,
      closed.map((s) => s.name),
      now,
      true,
    );
  }

  /**
   * POST /Market/reopen/{marketId}: the store is back as it was. Its month of subscription, if it
   * ran out while closed, falls due now (the billing job charges it).
   */
  async reopen(market: MarketRow): Promise<MarketView> {
    const now = this.clock();
    const reopened = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`update markets set closed_at = null, updated_at = ${now}
          where id = ${market.id} and closed_at is not null returning id`),
      );
      if (!row) return false;
      await tx.execute(sql`update subscriptions set period_end = greatest(period_end, ${now}), updated_at = ${now}
        where market_id = ${market.id} and status in ('trialing', 'active')`);
      return true;
    });
    if (!reopened) throw new AppError('MARKET_NOT_CLOSED');
    await bumpCatalogVersion(this.ctx, market.id);
    return toMarketView({ ...market, closedAt: null });
  }

  /**
   * GET /Market/export/{marketId}: the store's data as one ZIP, streamed — products.csv (the
   * catalog's own import format), customers.csv, orders.csv (every order, as cp/orders exports
   * them) and the products' pictures under images/.
   */
  exportZip(market: MarketRow, owner: UserRow): Readable {
    // One file at a time into the archive, its bytes handed on as the client reads them: a store
    // with thousands of pictures costs the memory of one.
    const ctx = this.ctx;
    const orders = this.orders;
    const chunks: Uint8Array[] = [];
    let failed: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failed = error;
      else chunks.push(chunk);
    });
    const add = (name: string, data: Uint8Array, compress = true) => {
      const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(file);
      file.push(data, true);
    };
    const text = (value: string) => new TextEncoder().encode(value);
    const take = () => {
      if (failed) throw failed;
      return chunks.splice(0).map((chunk) => Buffer.from(chunk));
    };
    const customersCsv = () => this.customersCsv(market.id);
    const imageKeys = () => this.imageKeys(market.id);
    async function* archive() {
      add('products.csv', text(await exportProductsCsv(ctx, market.id)));
      yield* take();
      add('customers.csv', text(await customersCsv()));
      yield* take();
      const lines: Buffer[] = [];
      for await (const chunk of orders.exportCsv(market.id, owner, { marketId: market.id })) {
        lines.push(Buffer.from(chunk));
      }
      add('orders.csv', Buffer.concat(lines));
      yield* take();
      for (const key of await imageKeys()) {
        const bytes = await ctx.storage.read(key);
        // WebP is compressed already: stored as it is.
        if (bytes) add(`images/${key.split('/').pop()}`, bytes, false);
        yield* take();
      }
      zip.end();
      yield* take();
    }
    return Readable.from(archive());
  }

  private async customersCsv(marketId: string): Promise<string> {
    const rows = rowsOf<{
      email: string;
      first_name: string | null;
      last_name: string | null;
      phone: string | null;
      orders_count: number;
      total_spent: number;
      first_order_at: Date | string | null;
      last_order_at: Date | string | null;
    }>(
      await this.ctx.db.execute(sql`select email, first_name, last_name, phone, orders_count, total_spent,
          first_order_at, last_order_at
        from customers where market_id = ${marketId} order by created_at, id`),
    );
    const at = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');
    return (
      csvHeader(CUSTOMER_COLUMNS) +
      csvRows(
        rows.map((r) => ({
          email: r.email,
          first_name: r.first_name ?? '',
          last_name: r.last_name ?? '',
          phone: r.phone ?? '',
          orders: String(r.orders_count),
          spent: (r.total_spent / 100).toFixed(2),
          first_order: at(r.first_order_at),
          last_order: at(r.last_order_at),
        })),
        CUSTOMER_COLUMNS,
      )
    );
  }

  /** The storage keys of the pictures the store's products and collections show (the full size of each). */
  private async imageKeys(marketId: string): Promise<string[]> {
    const rows = rowsOf<{ url: string }>(
      await this.ctx.db.execute(sql`select distinct url from (
          select jsonb_array_elements_text(images) as url from products where market_id = ${marketId}
          union all select cover_image_url from collections where market_id = ${marketId}
          union all select logo_url from markets where id = ${marketId}
        ) pictures where url like '/uploads/%'`),
    );
    return rows.map((r) => r.url.slice('/uploads/'.length));
  }

  /**
   * The purge job: stores closed `RETENTION_YEARS` ago are deleted for good, their accounting
   * record kept (sales, refunds, payouts and the platform's charges as figures; no shopper's name,
   * e-mail or address); then accounts closed as long ago, with their pictures. Answers how many
   * stores and accounts went.
   */
  async purgeDue(now: Date): Promise<{ stores: number; accounts: number }> {
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
    const due = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`select id from markets where closed_at <= ${cutoff} order by closed_at limit 100`),
    );
    let stores = 0;
    for (const { id } of due) if (await this.purgeStore(id, cutoff, now)) stores++;
    const accounts = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`select id from users where closed_at <= ${cutoff}
        and not exists (select 1 from markets m where m.owner_id = users.id and (m.closed_at is null or m.closed_at > ${cutoff}))
        order by closed_at limit 100`),
    );
    for (const { id } of accounts) await this.purgeAccount(id, now);
    return { stores, accounts: accounts.length };
  }

  private async purgeStore(marketId: string, cutoff: Date, now: Date): Promise<boolean> {
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // Claimed under its row's lock, and still due: a reopening in between wins.
      const [market] = rowsOf<{ id: string; name: string; closed_at: Date | string; owner_email: string }>(
        await tx.execute(sql`select m.id, m.name, m.closed_at, u.email as owner_email
          from markets m join users u on u.id = m.owner_id
          where m.id = ${marketId} and m.closed_at <= ${cutoff} for update of m skip locked`),
      );
      if (!market) return false;
      const [record] = rowsOf<{ record: Record<string, unknown> }>(
        await tx.execute(sql`select jsonb_build_object(
            'orders', coalesce((select jsonb_agg(jsonb_build_object('name', o.name, 'placedAt', o.placed_at,
                'paidAt', o.paid_at, 'paymentMethod', o.payment_method, 'paymentStatus', o.payment_status,
                'subtotal', o.subtotal, 'discount', o.discount_total, 'shipping', o.shipping_price,
                'total', o.total, 'refunded', o.refunded_amount) order by o.number)
              from orders o where o.market_id = ${marketId} and o.number is not null), '[]'::jsonb),
            'payouts', coalesce((select jsonb_agg(to_jsonb(p) - 'market_id' order by p.created_at)
              from payouts p where p.market_id = ${marketId}), '[]'::jsonb),
            'subscriptionCharges', coalesce((select jsonb_agg(jsonb_build_object('periodStart', c.period_start,
                'periodEnd', c.period_end, 'amount', c.amount, 'status', c.status, 'at', c.created_at)
                order by c.created_at)
              from subscription_charges c where c.market_id = ${marketId}), '[]'::jsonb),
            'ledger', coalesce((select jsonb_object_agg(k.kind, k.total) from (
                select kind, sum(amount)::bigint as total from ledger_entries where market_id = ${marketId} group by kind
              ) k), '{}'::jsonb)
          ) as record`),
      );
      await tx.execute(sql`insert into closed_store_records (market_id, name, owner_email, closed_at, purged_at, record)
        values (${market.id}, ${market.name}, ${market.owner_email}, ${new Date(market.closed_at)}, ${now},
          ${JSON.stringify(record?.record ?? {})}::jsonb)
        on conflict (market_id) do nothing`);
      await tx.execute(sql`delete from markets where id = ${marketId}`);
      this.ctx.log.info({ marketId, name: market.name }, 'a store closed two years ago was purged');
      return true;
    });
  }

  private async purgeAccount(userId: string, now: Date): Promise<void> {
    const media = rowsOf<{ keys: string[] }>(
      await this.ctx.db.execute(sql`select keys from media where owner_id = ${userId}`),
    );
    // Their job applications go with the account (the rows by cascade), and so do their CVs.
    const cvs = rowsOf<{ cv_file: string }>(
      await this.ctx.db.execute(sql`select cv_file from applications where user_id = ${userId}`),
    );
    await this.ctx.db.execute(sql`delete from users where id = ${userId} and closed_at is not null`);
    for (const { keys } of media) await Promise.all(keys.map((key) => this.ctx.storage.remove(key).catch(() => {})));
    await this.ctx.uploads.removeKept(
      'careers',
      cvs.map((cv) => cv.cv_file),
    );
    this.ctx.log.info({ userId, at: now.toISOString() }, 'an account closed two years ago was purged');
  }
}
