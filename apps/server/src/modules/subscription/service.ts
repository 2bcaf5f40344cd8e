import { randomUUID } from 'node:crypto';
import {
  addMonths,
  BILLING,
  type ChargeFailureCause,
  formatMoney,
  type Language,
  SUBSCRIPTION_PLANS,
  type Subscription,
} from '@shop/shared';
import { type Db, rowsOf } from '../../db/client.js';
import { rowShape } from '../../db/rows.js';
import { subscriptionCharges, subscriptions } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  type CardRegistrationResult,
  type PaymentProvider,
  type PaymentResult,
  ProviderError,
} from '../../platform/payments/provider.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { openSubscriptionStatement, saveCardStatement } from './hooks.js';
import { chargeFailedMail, chargeFailureText, chargePaidMail } from './mail.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;
const subscriptionShape = rowShape(subscriptions);
const chargeShape = rowShape(subscriptionCharges);

const DAY_MS = 86_400_000;
/** A charge the provider never answered (a crash mid-call) stops blocking the next after this. */
const STALE_CHARGE_MS = 60 * 60 * 1000;
/** How many charges the history on cp/payments shows. */
const HISTORY = 24;

/** Who asks for a charge: the monthly job (its tries count towards suspension) or the owner. */
type ChargeMode = 'scheduled' | 'owner';

export type ChargeOutcome =
  | { kind: 'approved' | 'failed'; charge: ChargeRow; subscription: SubscriptionRow }
  | { kind: 'none' | 'busy' };

function dateIn(language: Language, date: Date) {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Baku',
  }).format(date);
}

/**
 * The platform's subscription (issue 14, decision 020): the owner's card saved through the
 * provider's card registration, a monthly charge of it by a job, failed charges tried again every
 * few days, suspension after the last and reopening the moment the owner pays.
 *
 * A charge is claimed, then asked for, then recorded: the claim (under the subscription row's
 * lock) inserts the try's row, unique per store, month and try, and refuses while another try of
 * the store is on its way — so two processes, two runs or two clicks charge a month once.
 */
export class SubscriptionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {}

  /** GET /Subscription/{marketId}: the plan, its state, the card and the latest charges. */
  async view(marketId: string): Promise<Subscription> {
    await this.ctx.db.execute(openSubscriptionStatement(marketId));
    const [row] = rowsOf<Record<string, unknown>>(
      await this.ctx.db.execute(sql`select ${subscriptionShape.columnsOf('s')},
          coalesce((select json_agg(c order by c.created_at desc, c.attempt desc) from (
            select ${chargeShape.columns} from subscription_charges
            where market_id = s.market_id order by created_at desc, attempt desc limit ${HISTORY}) c), '[]') as charges
        from subscriptions s where s.market_id = ${marketId}`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const s = subscriptionShape.read(row);
    const charges = (row.charges as Record<string, unknown>[]).map((c) => chargeShape.read(c));
    const plan = SUBSCRIPTION_PLANS[s.plan];
    return {
      plan: s.plan,
      monthlyPrice: plan.monthlyPrice,
      currency: 'AZN',
      status: s.status,
      periodEnd: s.periodEnd.toISOString(),
      failedAttempts: s.failedAttempts,
      nextAttemptAt: s.nextAttemptAt?.toISOString() ?? null,
      suspendedAt: s.suspendedAt?.toISOString() ?? null,
      card: s.cardMask && s.cardSavedAt ? { mask: s.cardMask, savedAt: s.cardSavedAt.toISOString() } : null,
      charges: charges.map((c) => ({
        id: c.id,
        createdAt: c.createdAt.toISOString(),
        periodStart: c.periodStart.toISOString(),
        periodEnd: c.periodEnd.toISOString(),
        attempt: c.attempt,
        amount: c.amount,
        currency: 'AZN' as const,
        status: c.status,
        cardMask: c.cardMask,
        cause: c.cause,
        message: c.message,
      })),
    };
  }

  /**
   * POST /MarketCard/start: the provider's page to save a card, coming back to cp/payments. The
   * visit is recorded under the provider's id for the card, which its result names.
   */
  async startCard(market: { id: string; name: string }, language: Language): Promise<{ redirectUrl: string }> {
    const back = `${this.ctx.config.publicUrl}/cp/payments`;
    let started: { redirectUrl: string; token: string };
    try {
      started = await this.provider.registerCard({
        registrationId: randomUUID(),
        language,
        description: `${market.name}: subscription`,
        successUrl: `${back}?card=saved`,
        errorUrl: `${back}?card=failed`,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.ctx.log.warn({ err: error, marketId: market.id }, 'card registration refused');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    await this.ctx.db.execute(sql`insert into card_registrations (market_id, provider, token, language)
      values (${market.id}, ${this.provider.name}, ${started.token}, ${language})`);
    return { redirectUrl: started.redirectUrl };
  }

  /** A card registration's result POSTed by the provider: verified, then applied once. */
  async handleCardCallback(providerName: string, body: unknown) {
    if (providerName !== this.provider.name) throw new AppError('NOT_FOUND');
    return this.applyCard(this.provider.verifyCardCallback(body));
  }

  /**
   * Applies a verified card result; null when the visit had ended already (a replay). A saved
   * card replaces the store's; a store that owes a month is charged at once with it.
   */
  async applyCard(result: CardRegistrationResult): Promise<{ marketId: string; saved: boolean } | null> {
    const now = new Date();
    const applied = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [visit] = rowsOf<{ market_id: string; status: string }>(
        await tx.execute(sql`select market_id, status from card_registrations
          where provider = ${this.provider.name} and token = ${result.token} for update`),
      );
      if (!visit) throw new AppError('NOT_FOUND');
      if (visit.status !== 'started') return null;
      const saved = result.status === 'saved';
      await tx.execute(sql`update card_registrations set status = ${saved ? 'saved' : 'failed'},
          card_mask = ${result.cardMask}, code = ${result.code}, message = ${result.message}, updated_at = ${now}
        where provider = ${this.provider.name} and token = ${result.token}`);
      if (saved) {
        await tx.execute(openSubscriptionStatement(visit.market_id));
        await tx.execute(
          saveCardStatement(visit.market_id, {
            provider: this.provider.name,
            token: result.token,
            mask: result.cardMask ?? '****',
            at: now,
          }),
        );
      }
      return { marketId: visit.market_id, saved };
    });
    if (applied?.saved) {
      // Paying restores a store at once: a month owed is charged to the new card now.
      const outcome = await this.chargeOne(applied.marketId, now, 'owner').catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (outcome) this.ctx.log.info({ marketId: applied.marketId, outcome: outcome.kind }, 'charged the new card');
    }
    return applied;
  }

  /** POST /Subscription/pay/{marketId}: the month owed, charged now to the saved card. */
  async payNow(marketId: string): Promise<{ paid: boolean; subscription: Subscription }> {
    const outcome = await this.chargeOne(marketId, new Date(), 'owner');
    if (outcome.kind === 'none') throw new AppError('SUBSCRIPTION_NOTHING_DUE');
    if (outcome.kind === 'busy') throw new AppError('SUBSCRIPTION_CHARGE_IN_PROGRESS');
    return { paid: outcome.kind === 'approved', subscription: await this.view(marketId) };
  }

  /**
   * The billing job: every store whose month is due, or whose failed charge is due a retry, is
   * charged once. `now` is the job's clock (tests run the calendar). Answers how many were tried.
   */
  async chargeDue(now: Date, batch = 200): Promise<number> {
    let tried = 0;
    // One pass over each list in key order (a cursor, not "what is still due"): a store another
    // process holds is passed over, never waited for and never the reason to stop early, so
    // several processes running the job at once leave no store due behind them.
    const lists = [
      { column: sql`period_end`, where: sql`status in ('trialing', 'active') and period_end <= ${now}` },
      { column: sql`next_attempt_at`, where: sql`status = 'past_due' and next_attempt_at <= ${now}` },
    ];
    // A closed store (decision 023) is not billed; reopened, its month falls due again.
    const open = sql`not exists (select 1 from markets m where m.id = subscriptions.market_id and m.closed_at is not null)`;
    for (const { column, where } of lists) {
      // The key goes back as PostgreSQL wrote it: a Date would drop its microseconds.
      let after: { at: string; marketId: string } | null = null;
      for (;;) {
        const due: { market_id: string; at: string }[] = rowsOf<{ market_id: string; at: string }>(
          await this.ctx.db.execute(sql`select market_id, ${column}::text as at from subscriptions
            where ${where} and ${open} ${after ? sql`and (${column}, market_id) > (${after.at}::timestamptz, ${after.marketId})` : sql``}
            order by ${column}, market_id limit ${batch}`),
        );
        for (const { market_id } of due) {
          const outcome = await this.chargeOne(market_id, now, 'scheduled');
          if (outcome.kind === 'approved' || outcome.kind === 'failed') tried++;
        }
        const last = due.at(-1);
        if (due.length < batch || !last) break;
        after = { at: last.at, marketId: last.market_id };
      }
    }
    return tried;
  }

  /** Claims, asks for and records one charge of a store (see the class). */
  private async chargeOne(marketId: string, now: Date, mode: ChargeMode): Promise<ChargeOutcome> {
    const claimed = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (mode === 'owner') await tx.execute(openSubscriptionStatement(marketId));
      const [row] = subscriptionShape.rows(
        await tx.execute(sql`select ${subscriptionShape.columns} from subscriptions where market_id = ${marketId}
          for update ${mode === 'scheduled' ? sql`skip locked` : sql``}`),
      );
      if (!row) return { kind: 'busy' as const };
      const owed =
        mode === 'scheduled'
          ? ((row.status === 'trialing' || row.status === 'active') && row.periodEnd <= now) ||
            (row.status === 'past_due' && row.nextAttemptAt !== null && row.nextAttemptAt <= now)
          : row.status === 'past_due' || row.status === 'suspended';
      if (!owed) return { kind: 'none' as const };
      if (mode === 'owner' && !row.cardToken) throw new AppError('SUBSCRIPTION_NO_CARD');
      // A try the provider never answered (a crash mid-call) is given up after a while.
      await tx.execute(sql`update subscription_charges set status = 'failed', cause = 'provider_error',
          message = 'No answer from the provider', updated_at = ${now}
        where market_id = ${marketId} and status = 'started' and created_at < ${new Date(now.getTime() - STALE_CHARGE_MS)}`);
      const [busy] = rowsOf(
        await tx.execute(sql`select 1 from subscription_charges where market_id = ${marketId} and status = 'started'`),
      );
      if (busy) return { kind: 'busy' as const };
      // A suspended store that pays starts a new month now: it does not pay for the days it was closed.
      const periodStart = row.status === 'suspended' ? now : row.periodEnd;
      const periodEnd = addMonths(periodStart, 1);
      const amount = SUBSCRIPTION_PLANS[row.plan].monthlyPrice;
      const noCard = !row.cardToken;
      const [charge] = chargeShape.rows(
        await tx.execute(sql`insert into subscription_charges
            (market_id, period_start, period_end, attempt, amount, status, provider, card_mask, cause, message,
             created_at, updated_at)
          select ${marketId}, ${periodStart}, ${periodEnd}, coalesce(max(attempt), 0) + 1, ${amount},
            ${noCard ? 'failed' : 'started'}, ${row.cardProvider ?? this.provider.name}, ${row.cardMask},
            ${noCard ? 'no_card' : null}, null, ${now}, ${now}
          from subscription_charges where market_id = ${marketId} and period_start = ${periodStart}
          on conflict do nothing
          returning ${chargeShape.columns}`),
      );
      if (!charge) return { kind: 'busy' as const };
      if (noCard) return { kind: 'recorded' as const, row, charge: await this.failed(tx, row, charge, now, mode) };
      return { kind: 'claimed' as const, row, charge };
    });
    if (claimed.kind === 'none' || claimed.kind === 'busy') return claimed;
    if (claimed.kind === 'recorded')
      return this.announce(claimed.row, claimed.charge.charge, claimed.charge.next, mode);

    const { row, charge } = claimed;
    let result: PaymentResult;
    try {
      result = await this.provider.charge({
        chargeId: charge.id,
        cardToken: row.cardToken as string,
        cardMask: row.cardMask,
        amount: charge.amount,
        currency: 'AZN',
        language: 'az',
        description: 'Subscription',
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.ctx.log.warn({ err: error, marketId, chargeId: charge.id }, 'subscription charge: provider failed');
      result = {
        paymentId: charge.id,
        status: 'failed',
        transaction: null,
        cardMask: row.cardMask,
        amount: null,
        code: null,
        message: error.message,
        cause: 'provider_error',
      };
    }
    if (result.status === 'approved' && result.amount !== null && result.amount !== charge.amount) {
      this.ctx.log.error({ chargeId: charge.id, expected: charge.amount, got: result.amount }, 'charge amount differs');
    }
    const recorded = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const approved = result.status === 'approved';
      const [settled] = chargeShape.rows(
        await tx.execute(sql`update subscription_charges set status = ${approved ? 'approved' : result.status},
            transaction = ${result.transaction}, card_mask = coalesce(${result.cardMask}, card_mask),
            code = ${result.code}, message = ${result.message}, cause = ${approved ? null : (result.cause ?? null)},
            updated_at = ${now}
          where id = ${charge.id} and status = 'started' returning ${chargeShape.columns}`),
      );
      if (!settled) return null;
      const [current] = subscriptionShape.rows(
        await tx.execute(
          sql`select ${subscriptionShape.columns} from subscriptions where market_id = ${marketId} for update`,
        ),
      );
      if (!current) return null;
      if (!approved) return this.failed(tx, current, settled, now, mode);
      const [next] = subscriptionShape.rows(
        await tx.execute(sql`update subscriptions set status = 'active', period_end = ${settled.periodEnd},
            failed_attempts = 0, next_attempt_at = null, suspended_at = null, updated_at = ${now}
          where market_id = ${marketId} returning ${subscriptionShape.columns}`),
      );
      return { charge: settled, next: next as SubscriptionRow };
    });
    if (!recorded) return { kind: 'busy' };
    return this.announce(row, recorded.charge, recorded.next, mode);
  }

  /**
   * A failed try, in the claim's or the record's transaction: the job's tries count — past due
   * with the next try in a few days, suspended after the last; the owner's own tries change nothing.
   */
  private async failed(tx: Db, row: SubscriptionRow, charge: ChargeRow, now: Date, mode: ChargeMode) {
    if (mode === 'owner') return { charge, next: row };
    const failures = row.failedAttempts + 1;
    const suspend = failures > BILLING.retries;
    const [next] = subscriptionShape.rows(
      await tx.execute(sql`update subscriptions set failed_attempts = ${failures},
          status = ${suspend ? 'suspended' : 'past_due'},
          next_attempt_at = ${suspend ? null : new Date(now.getTime() + BILLING.retryEveryDays * DAY_MS)},
          suspended_at = ${suspend ? now : null}, updated_at = ${now}
        where market_id = ${row.marketId} returning ${subscriptionShape.columns}`),
    );
    return { charge, next: next as SubscriptionRow };
  }

  /** After a recorded charge: the storefront opens or closes, and the owner is told. */
  private async announce(
    before: SubscriptionRow,
    charge: ChargeRow,
    after: SubscriptionRow,
    mode: ChargeMode,
  ): Promise<ChargeOutcome> {
    const kind = charge.status === 'approved' ? ('approved' as const) : ('failed' as const);
    // The storefront's pages are cached by the catalog's version: a store that closes or opens
    // must not be served from them.
    if ((before.status === 'suspended') !== (after.status === 'suspended')) {
      await bumpCatalogVersion(this.ctx, before.marketId);
    }
    // The owner who pays is on the page that says how it went; the job's outcomes are mailed.
    if (mode === 'scheduled' || kind === 'approved') await this.mailOwner(charge, after);
    return { kind, charge, subscription: after };
  }

  private async mailOwner(charge: ChargeRow, after: SubscriptionRow) {
    try {
      const [owner] = rowsOf<{ email: string; language: string; store: string }>(
        await this.ctx.db.execute(sql`select u.email, u.language, m.name as store
          from markets m join users u on u.id = m.owner_id where m.id = ${charge.marketId}`),
      );
      if (!owner) return;
      const language = owner.language as Language;
      const amount = formatMoney(charge.amount, language);
      const message =
        charge.status === 'approved'
          ? chargePaidMail(owner.email, language, owner.store, { amount, until: dateIn(language, after.periodEnd) })
          : chargeFailedMail(owner.email, language, owner.store, {
              amount,
              reason: chargeFailureText(language, charge.cause as ChargeFailureCause | null, charge.message),
              nextTry: after.nextAttemptAt ? dateIn(language, after.nextAttemptAt) : null,
              triesLeft: Math.max(0, BILLING.retries + 1 - after.failedAttempts),
              suspended: after.status === 'suspended',
            });
      await this.ctx.mailer.send(message);
    } catch (error) {
      this.ctx.log.error({ err: error, chargeId: charge.id }, 'subscription mail failed');
    }
  }
}
