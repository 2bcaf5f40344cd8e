import {
  BANK_DETAILS_FIELDS,
  type BankDetails,
  type BankDetailsFields,
  formatMoney,
  type Language,
  maskAccount,
  PAYOUT_MINIMUM,
  PAYOUT_PERIODS,
  type PayoutListPage,
  type PayoutListQuery,
  type PayoutPeriod,
  type PayoutSettings,
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
    // Days are Baku's, as the settlement calendar's.
    const offset = `${SETTLEMENT.utcOffsetHours} hours`;
    const where = [sql`p.market_id = ${marketId}`];
    if (query.status) where.push(sql`p.status = ${query.status}`);
    if (query.from)
      where.push(sql`p.created_at >= (${query.from}::date::timestamp - ${offset}::interval) at time zone 'UTC'`);
    if (query.to)
      where.push(sql`p.created_at < ((${query.to}::date + 1)::timestamp - ${offset}::interval) at time zone 'UTC'`);
    if (query.minAmount !== undefined) where.push(sql`p.amount >= ${query.minAmount}`);
    if (query.maxAmount !== undefined) where.push(sql`p.amount <= ${query.maxAmount}`);
    const filter = sql.join(where, sql` and `);
    const order = {
      newest: sql`p.created_at desc, p.id desc`,
      oldest: sql`p.created_at, p.id`,
      amountDesc: sql`p.amount desc, p.created_at desc, p.id desc`,
      amountAsc: sql`p.amount, p.created_at desc, p.id desc`,
    }[query.sort];
    const page = Number(query.page);
    const pageSize = Number(query.pageSize);
    const [rows, counted] = await Promise.all([
      this.ctx.db.execute(sql`select p.id, p.amount, p.status, p.period, p.period_from, p.period_to, p.created_at,
          p.arrives_at, p.paid_at, p.failed_at, p.failure_reason, b.settlement_account, b.bank
        from payouts p join bank_details b on b.id = p.bank_details_id
        where ${filter} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`),
      this.ctx.db.execute(sql`select count(*)::int as total from payouts p where ${filter}`),
    ]);
    const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
    return {
      items: rowsOf<Record<string, unknown>>(rows).map((r) => ({
        id: r.id as string,
        amount: Number(r.amount),
        status: r.status as PayoutListPage['items'][number]['status'],
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
      })),
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      page,
      pageSize,
    };
  }

  /**
   * The settlement day's payouts (decision 019): every store whose period has come, with bank
   * details and at least PAYOUT_MINIMUM available, gets one payout of all it has available, sent
   * to its current details — the payout row and its ledger pair (available → in_transit) in one
   * statement, once per store and day (payouts_market_day_key: a second run, or a second process,
   * inserts nothing). Then each is handed to the provider. Answers how many it made.
   */
  async createDue(now: Date, limit = 200): Promise<number> {
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
            and (select coalesce(sum(e.amount), 0) from ledger_entries e
                 where e.market_id = m.id and e.account = 'available') >= ${PAYOUT_MINIMUM}
          order by m.id limit ${limit}`),
      );
      for (const store of stores) if (await this.createOne(store.id, store.period, day.dayStart, now)) made++;
      if (stores.length < limit) break;
    }
    await this.sendUnsent(now);
    return made;
  }

  private async createOne(marketId: string, period: string, dayStart: Date, now: Date): Promise<boolean> {
    const [made] = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`
        with details as (
          select id from bank_details where market_id = ${marketId} order by saved_at desc, id desc limit 1
        ), available as (
          select coalesce(sum(amount), 0)::int as amount from ledger_entries
          where market_id = ${marketId} and account = 'available'
        ), covers as (
          select coalesce(
            (select max(period_to) from payouts where market_id = ${marketId}),
            (select min(created_at) from ledger_entries where market_id = ${marketId}),
            ${dayStart}::timestamptz) as since
        ), payout as (
          insert into payouts (market_id, amount, period, period_to, period_from, bank_details_id, arrives_at, created_at)
          select ${marketId}, available.amount, ${period}, ${dayStart}, covers.since, details.id, ${now}, ${now}
          from available, details, covers
          where available.amount >= ${PAYOUT_MINIMUM}
          on conflict (market_id, period_to) do nothing
          returning id, amount
        ), moved as (
          insert into ledger_entries (market_id, account, kind, amount, payout_id)
          select ${marketId}, a.account, 'payout', case a.account when 'available' then -payout.amount else payout.amount end, payout.id
          from payout cross join (values ('available'), ('in_transit')) as a(account)
        )
        select id from payout`),
    );
    return Boolean(made);
  }

  /** Hands payouts the provider has not taken yet to it (a crash between making and sending). */
  private async sendUnsent(now: Date): Promise<void> {
    const unsent = rowsOf<PayoutRow>(
      await this.ctx.db.execute(sql`select ${PAYOUT_ROW}
        where p.status = 'pending' and p.provider_ref is null order by p.created_at limit 500`),
    );
    for (const payout of unsent) {
      const { ref, arrivesAt } = await this.provider.send(
        { id: payout.id, amount: payout.amount, settlementAccount: payout.settlement_account, swift: payout.swift },
        now,
      );
      const [sent] = rowsOf<{ id: string }>(
        await this.ctx.db.execute(sql`update payouts set provider_ref = ${ref}, arrives_at = ${arrivesAt}
          where id = ${payout.id} and provider_ref is null returning id`),
      );
      if (sent) await this.tellOwner(payout);
    }
  }

  /**
   * Payouts whose money should have arrived are asked about: paid moves it from in_transit to
   * paid_out, failed back to available (and tells the owner why) — the status and the ledger pair
   * in one statement that only a still-pending payout passes, so each happens once.
   */
  async advance(now: Date): Promise<number> {
    await this.sendUnsent(now);
    const due = rowsOf<PayoutRow & { provider_ref: string }>(
      await this.ctx.db.execute(sql`select p.provider_ref, ${PAYOUT_ROW}
        where p.status = 'pending' and p.provider_ref is not null and p.arrives_at <= ${now}
        order by p.arrives_at limit 500`),
    );
    let settled = 0;
    for (const payout of due) {
      const state = await this.provider.status(payout.provider_ref, now);
      if (state.status === 'pending') continue;
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
            insert into ledger_entries (market_id, account, kind, amount, payout_id)
            select changed.market_id, a.account, ${paid ? 'payout_paid' : 'payout_failed'},
              case a.account when 'in_transit' then -changed.amount else changed.amount end, changed.id
            from changed cross join (values ('in_transit'), (${paid ? 'paid_out' : 'available'})) as a(account)
          )
          select id from changed`),
      );
      if (!changed) continue;
      settled++;
      if (state.status === 'failed') await this.tellOwner(payout, state.reason);
    }
    return settled;
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
