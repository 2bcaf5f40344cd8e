import {
  BANK_DETAILS_FIELDS,
  type BankDetails,
  type BankDetailsFields,
  formatMoney,
  type Language,
  maskAccount,
  PAYOUT_MINIMUM,
  PAYOUT_PERIODS,
  type PayoutLine,
  type PayoutLineKind,
  type PayoutListItem,
  type PayoutListPage,
  type PayoutListQuery,
  type PayoutPeriod,
  type PayoutReport,
  type PayoutSettings,
  type PayoutSort,
  type PayoutStatus,
  payoutDue,
  SETTLEMENT,
  type saveBankDetailsSchema,
  settlementDay,
} from '@shop/shared';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.js';
import { bankDetails, payoutSettings } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { confirmPassword, type MarketRow, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { eachInParallel, jobWorkers } from '../../platform/jobs.js';
import { bankDetailsChangedMail, payoutMail } from './mail.js';
import { type PayoutProvider, sandboxPayouts } from './provider.js';

type BankDetailsRow = typeof bankDetails.$inferSelect;

/** A payout as the jobs handle it: where it goes, and whom to tell (read in the same query). */
interface PayoutRow {
  id: string;
  market_id: string;
  amount: number;
  settlement_account: string;
  swift: string;
  store: string;
  email: string;
  language: string;
}

/** Stores whose payouts one statement makes. */
const CREATE_BATCH = 500;

/** The columns and joins of a PayoutRow (p: payouts). */
const PAYOUT_ROW = sql`p.id, p.market_id, p.amount, b.settlement_account, b.swift, m.name as store, u.email, u.language
  from payouts p join bank_details b on b.id = p.bank_details_id
  join markets m on m.id = p.market_id join users u on u.id = m.owner_id`;

/** Where a store's payouts go (issue 14): versioned bank details, changed with the owner's password. */
export class PayoutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PayoutProvider = sandboxPayouts,
  ) {}

  /** The current version: the newest. */
  async bankDetails(marketId: string, db: Db = this.ctx.db): Promise<BankDetails> {
    const [row] = await db
      .select()
      .from(bankDetails)
      .where(eq(bankDetails.marketId, marketId))
      .orderBy(desc(bankDetails.savedAt), desc(bankDetails.id))
      .limit(1);
    return row ? toView(row) : null;
  }

  /**
   * Saves a new version after checking the account's password; the owner is e-mailed in the same
   * transaction (the outbox, or the mail server answering), so a change nobody was told of is no
   * change. Details equal to the current ones are not a new version, and send nothing.
   */
  async saveBankDetails(
    user: UserRow,
    market: MarketRow,
    input: z.output<typeof saveBankDetailsSchema>,
  ): Promise<BankDetails> {
    await confirmPassword(this.ctx, user, input.password);
    const { password: _, ...fields } = input;
    const current = await this.bankDetails(market.id);
    if (current && sameDetails(current, fields)) return current;
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(bankDetails)
          .values({ ...fields, marketId: market.id, savedBy: user.id })
          .returning()) as [BankDetailsRow];
        const mail = bankDetailsChangedMail(user.email, user.language as Language, market.name, fields);
        await this.ctx.mailer.send(mail, tx as unknown as Db);
        return toView(row);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.ctx.log.error({ err: error }, 'telling the owner of a bank details change failed');
      throw new AppError('BANK_DETAILS_MAIL_FAILED');
    }
  }

  /** How often the store is paid out (weekly until chosen). */
  async settings(marketId: string): Promise<PayoutSettings> {
    const [row] = await this.ctx.db
      .select({ period: payoutSettings.period })
      .from(payoutSettings)
      .where(eq(payoutSettings.marketId, marketId));
    return { period: row?.period ?? 'weekly', minimum: PAYOUT_MINIMUM };
  }

  async saveSettings(marketId: string, period: PayoutPeriod): Promise<PayoutSettings> {
    await this.ctx.db
      .insert(payoutSettings)
      .values({ marketId, period })
      .onConflictDoUpdate({ target: payoutSettings.marketId, set: { period, updatedAt: new Date() } });
    return this.settings(marketId);
  }

  /** The store's payouts, filtered, sorted and a page of them (payouts_market_created_idx). */
  async list(
    marketId: string,
    query: Required<Pick<PayoutListQuery, 'sort' | 'page' | 'pageSize'>> & PayoutListQuery,
  ): Promise<PayoutListPage> {
    const { filter, order } = listFilter(marketId, query);
    const page = Number(query.page);
    const pageSize = Number(query.pageSize);
    const [rows, counted] = await Promise.all([
      this.ctx.db.execute(sql`select ${LIST_ITEM} where ${filter} order by ${order}
        limit ${pageSize} offset ${(page - 1) * pageSize}`),
      this.ctx.db.execute(sql`select count(*)::int as total from payouts p where ${filter}`),
    ]);
    return {
      items: rowsOf<Record<string, unknown>>(rows).map(toListItem),
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      page,
      pageSize,
    };
  }

  /**
   * One payout's reconciliation report: the payout with its totals, what happened to it, and a page
   * of its lines (all of them with `pageSize` undefined: the export) — each order it settles with
   * its sale, fee and refunds before settlement, each later refund, returned payout, subscription
   * charge and adjustment; they sum to the payout (payout_entries).
   */
  async report(marketId: string, payoutId: string, page: number, pageSize?: number): Promise<PayoutReport> {
    const [row] = rowsOf<Record<string, unknown>>(
      await this.ctx.db.execute(sql`select ${LIST_ITEM} where p.id = ${payoutId} and p.market_id = ${marketId}`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const payout = toListItem(row);
    const history: PayoutReport['history'] = [{ event: 'created', at: payout.createdAt, note: null }];
    const sentAt = iso(row.sent_at);
    if (sentAt) history.push({ event: 'sent', at: sentAt, note: null });
    if (payout.paidAt) history.push({ event: 'paid', at: payout.paidAt, note: null });
    if (payout.failedAt) history.push({ event: 'failed', at: payout.failedAt, note: payout.failureReason });
    // A page is a range of positions (payout_entries_payout_position_key): no line outside it is read.
    const window =
      pageSize === undefined
        ? sql``
        : sql`and s.position > ${(page - 1) * pageSize} and s.position <= ${page * pageSize}`;
    const [lines, counted] = await Promise.all([
      this.ctx.db.execute(sql`select e.id, e.kind, e.amount, e.created_at, e.order_id, e.payout_id, e.note,
          o.name as order_name, o.paid_at, parts.gross, parts.fees, parts.refunds
        from payout_entries s join ledger_entries e on e.id = s.entry_id
        left join orders o on o.id = e.order_id
        left join lateral (
          select sum(x.amount) filter (where x.kind = 'sale') as gross,
            sum(x.amount) filter (where x.kind = 'fee') as fees,
            sum(x.amount) filter (where x.kind = 'refund') as refunds
          from ledger_entries x
          where e.kind = 'release' and x.order_id = e.order_id and x.account = 'pending'
            and x.kind in ('sale', 'fee', 'refund')
        ) parts on true
        where s.payout_id = ${payoutId} ${window} order by s.position`),
      this.ctx.db.execute(sql`select count(*)::int as total from payout_entries where payout_id = ${payoutId}`),
    ]);
    const total = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
    return {
      payout,
      history,
      lines: {
        items: rowsOf<Record<string, unknown>>(lines).map(toLine),
        total,
        page,
        pageSize: pageSize ?? total,
      },
    };
  }

  /** Every payout the list's filters match, in its order: the export's rows. */
  async exportList(marketId: string, query: PayoutListQuery & { sort: PayoutSort }): Promise<PayoutListItem[]> {
    const { filter, order } = listFilter(marketId, query);
    const rows = await this.ctx.db.execute(sql`select ${LIST_ITEM} where ${filter} order by ${order} limit 100000`);
    return rowsOf<Record<string, unknown>>(rows).map(toListItem);
  }

  /**
   * The settlement day's payouts (decision 019): every store whose period has come, with bank
   * details and at least PAYOUT_MINIMUM available, gets one payout of all it has available, sent
   * to its current details — the payout rows and their ledger pairs (available → in_transit) made
   * for many stores in one statement, once per store and day (payouts_market_day_key: a second
   * run, or a second process, inserts nothing). Then each is handed to the provider. Answers how
   * many it made.
   */
  async createDue(now: Date, limit = 5000): Promise<number> {
    const day = settlementDay(now);
    if (!day) return 0;
    const due = PAYOUT_PERIODS.filter((period) => payoutDue(period, day.dayStart));
    let made = 0;
    let after = sql``;
    for (;;) {
      // The stores with something in their payout queue (a store paid out today has nothing left
      // in it), by id from where the last round ended: each store is looked at once a run.
      const stores = rowsOf<{ id: string; period: string }>(
        await this.ctx.db.execute(sql`select q.market_id as id, coalesce(s.period, 'weekly') as period
          from payout_queue q left join payout_settings s on s.market_id = q.market_id
          where coalesce(s.period, 'weekly') = any(${sql.param(due)}::text[]) ${after}
          group by q.market_id, s.period
          having sum(q.amount) >= ${PAYOUT_MINIMUM}
            and exists (select 1 from bank_details b where b.market_id = q.market_id)
          order by q.market_id limit ${limit}`),
      );
      const batches: (typeof stores)[] = [];
      for (let i = 0; i < stores.length; i += CREATE_BATCH) batches.push(stores.slice(i, i + CREATE_BATCH));
      await eachInParallel(batches, jobWorkers(this.ctx), async (batch) => {
        const count = await this.createMany(batch, day.dayStart, now);
        made += count;
      });
      const last = stores.at(-1);
      if (!last || stores.length < limit) break;
      after = sql`and q.market_id > ${last.id}`;
    }
    await this.sendUnsent(now);
    return made;
  }

  /**
   * One statement makes the payouts of a batch of stores: each store's lines are its whole payout
   * queue (read once, in the statement's snapshot), numbered as the report reads them; its totals,
   * its ledger pair, and the queue's rows taken out — only for stores whose payout was inserted.
   */
  private async createMany(stores: { id: string; period: string }[], dayStart: Date, now: Date): Promise<number> {
    const made = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`
        with stores as (
          select s.market_id, s.period, (select b.id from bank_details b where b.market_id = s.market_id
              order by b.saved_at desc, b.id desc limit 1) as details_id
          from unnest(${sql.param(stores.map((s) => s.id))}::uuid[], ${sql.param(stores.map((s) => s.period))}::text[])
            as s(market_id, period)
        ), lines as materialized (
          -- Everything that came to available and no payout has taken yet (the queue): it sums to the balance.
          select q.entry_id as id, q.market_id, q.kind, q.amount, q.order_id, q.created_at from payout_queue q
          where q.market_id in (select market_id from stores)
        ), totals as (
          select market_id, sum(amount)::int as amount, min(created_at) as first_at,
            coalesce(sum(amount) filter (where kind = 'refund'), 0)::int as refunds,
            coalesce(sum(amount) filter (where kind not in ('release', 'refund')), 0)::int as adjustments
          from lines group by market_id
        ), parts as (
          -- A release carries an order's net; its sale, fee and refunds before it are on pending.
          select l.market_id, coalesce(sum(o.amount) filter (where o.kind = 'sale'), 0)::int as gross,
            coalesce(sum(o.amount) filter (where o.kind = 'fee'), 0)::int as fees,
            coalesce(sum(o.amount) filter (where o.kind = 'refund'), 0)::int as refunds
          from lines l join ledger_entries o on o.order_id = l.order_id
            and o.account = 'pending' and o.kind in ('sale', 'fee', 'refund')
          where l.kind = 'release'
          group by l.market_id
        ), payout as (
          insert into payouts (market_id, amount, gross, refunds, fees, adjustments, period, period_to, period_from,
            bank_details_id, arrives_at, created_at)
          select s.market_id, t.amount, coalesce(p.gross, 0), coalesce(p.refunds, 0) + t.refunds, coalesce(p.fees, 0),
            t.adjustments, s.period, ${dayStart},
            -- What it covers: since the store's last payout, or its first entry.
            coalesce((select max(x.period_to) from payouts x where x.market_id = s.market_id),
              least((select min(e.created_at) from ledger_entries e where e.market_id = s.market_id and e.account = 'pending'),
                t.first_at),
              ${dayStart}::timestamptz),
            s.details_id, ${now}, ${now}
          from stores s join totals t on t.market_id = s.market_id left join parts p on p.market_id = s.market_id
          where t.amount >= ${PAYOUT_MINIMUM} and s.details_id is not null
          -- In one order in every process: two runs at once wait on each other's stores, never deadlock.
          order by s.market_id
          on conflict (market_id, period_to) do nothing
          returning id, market_id, amount
        ), swept as (
          -- Numbered as the report reads them: by when they came, then by order number.
          insert into payout_entries (entry_id, payout_id, position)
          select l.id, p.id, row_number() over (partition by l.market_id
              order by l.created_at, (select o.number from orders o where o.id = l.order_id) nulls last, l.id)
          from lines l join payout p on p.market_id = l.market_id
        ), taken as (
          -- By the queue's key: the planner would hash the whole queue to join it.
          delete from payout_queue q where q.entry_id = any(array(
            select l.id from lines l join payout p on p.market_id = l.market_id))
        ), moved as (
          insert into ledger_entries (market_id, account, kind, amount, payout_id, created_at)
          select p.market_id, a.account, 'payout', case a.account when 'available' then -p.amount else p.amount end,
            p.id, ${now}
          from payout p cross join (values ('available'), ('in_transit')) as a(account)
        )
        select id from payout`),
    );
    return made.length;
  }

  /**
   * Hands payouts the provider has not taken yet to it — a settlement day's, and any a crash left
   * between making and sending — all of them, a batch at a time.
   */
  private async sendUnsent(now: Date, batch = 500): Promise<void> {
    for (;;) {
      const unsent = rowsOf<PayoutRow>(
        await this.ctx.db.execute(sql`select ${PAYOUT_ROW}
          where p.status = 'pending' and p.provider_ref is null order by p.created_at, p.id limit ${batch}`),
      );
      const handed: { id: string; ref: string; arrivesAt: Date }[] = [];
      for (const payout of unsent) {
        const { ref, arrivesAt } = await this.provider.send(
          { id: payout.id, amount: payout.amount, settlementAccount: payout.settlement_account, swift: payout.swift },
          now,
        );
        handed.push({ id: payout.id, ref, arrivesAt });
      }
      if (!handed.length) return;
      // What the provider took, recorded in one statement (its references are what later runs ask about).
      const sent = new Set(
        rowsOf<{ id: string }>(
          await this.ctx.db.execute(sql`update payouts p set provider_ref = h.ref, arrives_at = h.arrives_at, sent_at = ${now}
            from unnest(${sql.param(handed.map((h) => h.id))}::uuid[], ${sql.param(handed.map((h) => h.ref))}::text[],
                        ${sql.param(handed.map((h) => h.arrivesAt.toISOString()))}::timestamptz[]) as h(id, ref, arrives_at)
            where p.id = h.id and p.provider_ref is null returning p.id`),
        ).map((r) => r.id),
      );
      await this.tellOwners(unsent.filter((payout) => sent.has(payout.id)));
      if (unsent.length < batch) return;
    }
  }

  /**
   * Payouts whose money should have arrived are asked about: paid moves it from in_transit to
   * paid_out, failed back to available (and tells the owner why) — the status and the ledger pair
   * in one statement that only a still-pending payout passes, so each happens once.
   */
  async advance(now: Date, batch = 500): Promise<number> {
    await this.sendUnsent(now);
    let settled = 0;
    // Every payout due, a batch at a time, past the ones the provider still has on their way.
    let after = sql``;
    for (;;) {
      const due = rowsOf<PayoutRow & { provider_ref: string; arrives_at: Date | string }>(
        await this.ctx.db.execute(sql`select p.provider_ref, p.arrives_at, ${PAYOUT_ROW}
          where p.status = 'pending' and p.provider_ref is not null and p.arrives_at <= ${now} ${after}
          order by p.arrives_at, p.id limit ${batch}`),
      );
      for (const payout of due) if (await this.settleOne(payout, now)) settled++;
      const last = due.at(-1);
      if (!last || due.length < batch) return settled;
      after = sql`and (p.arrives_at, p.id) > (${new Date(last.arrives_at)}, ${last.id})`;
    }
  }

  /** Asks the provider about one payout and records its outcome; true when it changed. */
  private async settleOne(payout: PayoutRow & { provider_ref: string }, now: Date): Promise<boolean> {
    const state = await this.provider.status(payout.provider_ref, now);
    if (state.status === 'pending') return false;
    const paid = state.status === 'paid';
    const [changed] = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`
        with changed as (
          update payouts set status = ${state.status},
            paid_at = ${paid ? state.at : null}, failed_at = ${paid ? null : state.at},
            failure_reason = ${paid ? null : state.reason}
          where id = ${payout.id} and status = 'pending'
          returning id, market_id, amount
        ), moved as (
          insert into ledger_entries (market_id, account, kind, amount, payout_id, created_at)
          select changed.market_id, a.account, ${paid ? 'payout_paid' : 'payout_failed'},
            case a.account when 'in_transit' then -changed.amount else changed.amount end, changed.id, ${now}
          from changed cross join (values ('in_transit'), (${paid ? 'paid_out' : 'available'})) as a(account)
        )
        select id from changed`),
    );
    if (!changed) return false;
    if (state.status === 'failed') await this.tellOwners([payout], state.reason);
    return true;
  }

  /** The owners' e-mails about their payouts; a mail that fails is logged, the payout stands. */
  private async tellOwners(payouts: PayoutRow[], reason?: string): Promise<void> {
    const mails = payouts.map((payout) => {
      const language = payout.language as Language;
      return payoutMail(payout.email, language, payout.store, {
        amount: formatMoney(payout.amount, language),
        account: payout.settlement_account,
        reason,
      });
    });
    try {
      await this.ctx.mailer.sendEach(mails);
    } catch (error) {
      this.ctx.log.error({ err: error, payouts: payouts.length }, 'telling the owners of their payouts failed');
    }
  }
}

/** The columns and join of a payouts list item (p: payouts). */
const LIST_ITEM = sql`p.id, p.amount, p.gross, p.refunds, p.fees, p.adjustments, p.status, p.period, p.period_from,
  p.period_to, p.created_at, p.arrives_at, p.sent_at, p.paid_at, p.failed_at, p.failure_reason, b.settlement_account, b.bank
  from payouts p join bank_details b on b.id = p.bank_details_id`;

function iso(value: unknown): string | null {
  return value === null || value === undefined ? null : new Date(value as string).toISOString();
}

const LINE_KINDS: Record<string, PayoutLineKind> = {
  release: 'order',
  refund: 'refund',
  payout_failed: 'returned',
  subscription: 'subscription',
  adjustment: 'adjustment',
};

function toLine(r: Record<string, unknown>): PayoutLine {
  const kind = LINE_KINDS[r.kind as string] ?? 'adjustment';
  const amount = Number(r.amount);
  return {
    id: r.id as string,
    kind,
    at: iso(r.created_at) as string,
    orderId: (r.order_id as string | null) ?? null,
    orderName: (r.order_name as string | null) ?? null,
    paidAt: iso(r.paid_at),
    gross: Number(r.gross ?? 0),
    refunds: kind === 'refund' ? amount : Number(r.refunds ?? 0),
    fees: Number(r.fees ?? 0),
    amount,
    returnedPayoutId: kind === 'returned' ? ((r.payout_id as string | null) ?? null) : null,
    note: (r.note as string | null) ?? null,
  };
}

function toListItem(r: Record<string, unknown>): PayoutListItem {
  return {
    id: r.id as string,
    amount: Number(r.amount),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    fees: Number(r.fees),
    adjustments: Number(r.adjustments),
    status: r.status as PayoutStatus,
    period: r.period as PayoutPeriod,
    periodFrom: iso(r.period_from) as string,
    periodTo: iso(r.period_to) as string,
    createdAt: iso(r.created_at) as string,
    arrivesAt: iso(r.arrives_at) as string,
    paidAt: iso(r.paid_at),
    failedAt: iso(r.failed_at),
    failureReason: (r.failure_reason as string | null) ?? null,
    account: maskAccount(r.settlement_account as string),
    bank: r.bank as string,
  };
}

/** The list's filters and sort as SQL (p: payouts); days are Baku's, as the settlement calendar's. */
function listFilter(marketId: string, query: PayoutListQuery & { sort: PayoutSort }) {
  const offset = `${SETTLEMENT.utcOffsetHours} hours`;
  const where = [sql`p.market_id = ${marketId}`];
  if (query.status) where.push(sql`p.status = ${query.status}`);
  if (query.from)
    where.push(sql`p.created_at >= (${query.from}::date::timestamp - ${offset}::interval) at time zone 'UTC'`);
  if (query.to)
    where.push(sql`p.created_at < ((${query.to}::date + 1)::timestamp - ${offset}::interval) at time zone 'UTC'`);
  if (query.minAmount !== undefined) where.push(sql`p.amount >= ${query.minAmount}`);
  if (query.maxAmount !== undefined) where.push(sql`p.amount <= ${query.maxAmount}`);
  const order = {
    newest: sql`p.created_at desc, p.id desc`,
    oldest: sql`p.created_at, p.id`,
    amountDesc: sql`p.amount desc, p.created_at desc, p.id desc`,
    amountAsc: sql`p.amount, p.created_at desc, p.id desc`,
  }[query.sort];
  return { filter: sql.join(where, sql` and `), order };
}

function sameDetails(current: NonNullable<BankDetails>, next: BankDetailsFields): boolean {
  return BANK_DETAILS_FIELDS.every((field) => current[field] === next[field]);
}

function toView(row: BankDetailsRow): NonNullable<BankDetails> {
  return {
    id: row.id,
    taxNumber: row.taxNumber,
    bank: row.bank,
    bankTaxNumber: row.bankTaxNumber,
    code: row.code,
    correspondentAccount: row.correspondentAccount,
    swift: row.swift,
    settlementAccount: row.settlementAccount,
    savedAt: row.savedAt.toISOString(),
  };
}
