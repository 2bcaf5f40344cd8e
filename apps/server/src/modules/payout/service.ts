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
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.js';
import { bankDetails, payoutSettings } from '../../db/schema/index.js';
import type { MarketRow, UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
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

/** Stores whose payouts one transaction makes. */
const CREATE_BATCH = 50;

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
    if (!user.passwordHash) throw new AppError('SET_PASSWORD_FIRST', { password: 'SET_PASSWORD_FIRST' });
    // A stolen session must not be a way to guess the password: wrong ones hold the account.
    await this.ctx.limits.check('passwordFailuresPerAccount', user.id);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await this.ctx.limits.hit('passwordFailuresPerAccount', user.id);
      throw new AppError('WRONG_PASSWORD', { password: 'WRONG_PASSWORD' });
    }
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
   * to its current details — the payout row and its ledger pair (available → in_transit) in one
   * statement, once per store and day (payouts_market_day_key: a second run, or a second process,
   * inserts nothing). Then each is handed to the provider. Answers how many it made.
   */
  async createDue(now: Date, limit = 1000): Promise<number> {
    const day = settlementDay(now);
    if (!day) return 0;
    const due = PAYOUT_PERIODS.filter((period) => payoutDue(period, day.dayStart));
    let made = 0;
    for (;;) {
      const stores = rowsOf<{ id: string; period: string }>(
        await this.ctx.db.execute(sql`select m.id, coalesce(s.period, 'weekly') as period from markets m
          left join payout_settings s on s.market_id = m.id
          where coalesce(s.period, 'weekly') = any(${sql.param(due)}::text[])
            and exists (select 1 from bank_details b where b.market_id = m.id)
            and not exists (select 1 from payouts p where p.market_id = m.id and p.period_to = ${day.dayStart})
            and (select coalesce(sum(q.amount), 0) from payout_queue q where q.market_id = m.id) >= ${PAYOUT_MINIMUM}
          order by m.id limit ${limit}`),
      );
      // A transaction per few dozen stores: one commit each, not one per store (each store's payout
      // is still its own statement, once per day by the unique index).
      for (let i = 0; i < stores.length; i += CREATE_BATCH) {
        await this.ctx.db.transaction(async (tx) => {
          for (const store of stores.slice(i, i + CREATE_BATCH)) {
            if (await this.createOne(tx as unknown as Db, store.id, store.period, day.dayStart, now)) made++;
          }
        });
      }
      if (stores.length < limit) break;
    }
    await this.sendUnsent(now);
    return made;
  }

  private async createOne(db: Db, marketId: string, period: string, dayStart: Date, now: Date): Promise<boolean> {
    const [made] = rowsOf<{ id: string }>(
      await db.execute(sql`
        with details as (
          select id from bank_details where market_id = ${marketId} order by saved_at desc, id desc limit 1
        ), lines as (
          -- Everything that came to available and no payout has taken yet (the queue): it sums to the balance.
          select q.entry_id as id, q.kind, q.amount, q.order_id, q.created_at from payout_queue q
          where q.market_id = ${marketId}
        ), totals as (
          select coalesce(sum(amount), 0)::int as amount,
            coalesce(sum(amount) filter (where kind = 'refund'), 0)::int as refunds,
            coalesce(sum(amount) filter (where kind not in ('release', 'refund')), 0)::int as adjustments
          from lines
        ), parts as (
          -- A release carries an order's net; its sale, fee and refunds before it are on pending.
          select coalesce(sum(o.amount) filter (where o.kind = 'sale'), 0)::int as gross,
            coalesce(sum(o.amount) filter (where o.kind = 'fee'), 0)::int as fees,
            coalesce(sum(o.amount) filter (where o.kind = 'refund'), 0)::int as refunds
          from ledger_entries o
          where o.order_id in (select order_id from lines where kind = 'release')
            and o.account = 'pending' and o.kind in ('sale', 'fee', 'refund')
        ), covers as (
          select coalesce(
            (select max(period_to) from payouts where market_id = ${marketId}),
            (select min(created_at) from ledger_entries where market_id = ${marketId}),
            ${dayStart}::timestamptz) as since
        ), payout as (
          insert into payouts (market_id, amount, gross, refunds, fees, adjustments, period, period_to, period_from,
            bank_details_id, arrives_at, created_at)
          select ${marketId}, totals.amount, parts.gross, parts.refunds + totals.refunds, parts.fees, totals.adjustments,
            ${period}, ${dayStart}, covers.since, details.id, ${now}, ${now}
          from totals, parts, details, covers
          where totals.amount >= ${PAYOUT_MINIMUM}
          on conflict (market_id, period_to) do nothing
          returning id, amount
        ), swept as (
          -- Numbered as the report reads them: by when they came, then by order number.
          insert into payout_entries (entry_id, payout_id, position)
          select lines.id, payout.id, row_number() over (order by lines.created_at, o.number nulls last, lines.id)
          from lines cross join payout left join orders o on o.id = lines.order_id
        ), taken as (
          delete from payout_queue where entry_id in (select id from lines) and exists (select 1 from payout)
        ), moved as (
          insert into ledger_entries (market_id, account, kind, amount, payout_id, created_at)
          select ${marketId}, a.account, 'payout', case a.account when 'available' then -payout.amount else payout.amount end,
            payout.id, ${now}
          from payout cross join (values ('available'), ('in_transit')) as a(account)
        )
        select id from payout`),
    );
    return Boolean(made);
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
      for (const payout of unsent) if (sent.has(payout.id)) await this.tellOwner(payout);
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
    if (state.status === 'failed') await this.tellOwner(payout, state.reason);
    return true;
  }

  /** The owner's e-mail about a payout; a mail that fails is logged, the payout stands. */
  private async tellOwner(payout: PayoutRow, reason?: string): Promise<void> {
    try {
      const language = payout.language as Language;
      await this.ctx.mailer.send(
        payoutMail(payout.email, language, payout.store, {
          amount: formatMoney(payout.amount, language),
          account: payout.settlement_account,
          reason,
        }),
      );
    } catch (error) {
      this.ctx.log.error({ err: error, payoutId: payout.id }, 'telling the owner of a payout failed');
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
