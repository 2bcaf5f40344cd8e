import {
  type Adjustment,
  type CreateAdjustmentInput,
  createAdjustmentSchema,
  formatMoney,
  type Language,
  type StaffLedger,
  type StaffMarket,
  type StaffMarketPage,
  type StaffMarketQuery,
  staffMarketQuerySchema,
} from '@shop/shared';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { folded, searchPattern } from '../../platform/search.js';
import { adjustmentMail } from './mail.js';
import { LedgerService } from './service.js';

/** The adjustments a store's page shows: the newest. */
const ADJUSTMENTS_SHOWN = 100;

/**
 * Corrections of a store's money by the platform's staff (issue 14, decision 019): an entry of
 * kind `adjustment` on the store's available balance, with the reason and who made it — the next
 * payout takes it, and its report shows it with the reason. The owner is e-mailed in the same
 * transaction, so no store's money changes without its owner being told.
 */
export class AdjustmentService {
  private readonly ledger: LedgerService;

  constructor(private readonly ctx: AppContext) {
    this.ledger = new LedgerService(ctx.db);
  }

  /** Stores by name or owner's e-mail, newest first: where the staff find the one to correct. */
  async markets(input: StaffMarketQuery): Promise<StaffMarketPage> {
    const q = staffMarketQuerySchema.parse(input);
    const filter = q.search
      ? sql`${folded(sql`concat_ws(' ', m.name, u.email)`)} like ${folded(sql`${searchPattern(q.search)}::text`)}`
      : sql`true`;
    const [rows, counted] = await Promise.all([
      this.ctx.db.execute(sql`select m.id, m.name, u.email as owner_email, m.created_at
        from markets m join users u on u.id = m.owner_id where ${filter}
        order by m.created_at desc, m.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      this.ctx.db.execute(sql`select count(*)::int as total from markets m join users u on u.id = m.owner_id
        where ${filter}`),
    ]);
    return {
      items: rowsOf<MarketRow>(rows).map(toMarket),
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** One store as the staff see it: its balances and its adjustments, newest first. */
  async ofMarket(marketId: string): Promise<StaffLedger> {
    const market = await this.market(this.ctx.db, marketId);
    const [balance, rows] = await Promise.all([
      this.ledger.balance(marketId),
      this.ctx.db.execute(sql`select e.id, e.amount, e.note, u.email, e.created_at
        from ledger_entries e left join users u on u.id = e.created_by
        where e.market_id = ${marketId} and e.account = 'available' and e.kind = 'adjustment'
        order by e.created_at desc, e.id desc limit ${ADJUSTMENTS_SHOWN}`),
    ]);
    return { market: toMarket(market), balance, adjustments: rowsOf<AdjustmentRow>(rows).map(toAdjustment) };
  }

  /**
   * Adds an adjustment, once per `requestId` (a second send answers the first's entry), and
   * e-mails the owner in the same transaction: a mail that can't be sent leaves nothing changed.
   */
  async adjust(staff: UserRow, marketId: string, input: CreateAdjustmentInput): Promise<Adjustment> {
    const data = createAdjustmentSchema.parse(input);
    try {
      return await this.ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const market = await this.market(tx, marketId);
        const [made] = rowsOf<AdjustmentRow>(
          await tx.execute(sql`insert into ledger_entries (market_id, account, kind, amount, note, created_by, request_id)
            values (${marketId}, 'available', 'adjustment', ${data.amount}, ${data.reason}, ${staff.id}, ${data.requestId})
            on conflict (request_id) where request_id is not null do nothing
            returning id, amount, note, ${staff.email}::text as email, created_at`),
        );
        if (!made) return this.sentBefore(tx, marketId, data.requestId);
        const language = market.language as Language;
        await this.ctx.mailer.send(
          adjustmentMail(market.owner_email, language, market.name, {
            amount: formatMoney(Math.abs(data.amount), language),
            credit: data.amount > 0,
            reason: data.reason,
          }),
          tx,
        );
        return toAdjustment(made);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.ctx.log.error({ err: error, marketId }, 'telling the owner of an adjustment failed');
      throw new AppError('ADJUSTMENT_MAIL_FAILED');
    }
  }

  /** The entry an earlier send of the same request made — of this store, else the id is refused. */
  private async sentBefore(tx: Db, marketId: string, requestId: string): Promise<Adjustment> {
    const [earlier] = rowsOf<AdjustmentRow & { market_id: string }>(
      await tx.execute(sql`select e.id, e.market_id, e.amount, e.note, u.email, e.created_at
        from ledger_entries e left join users u on u.id = e.created_by where e.request_id = ${requestId}`),
    );
    if (!earlier || earlier.market_id !== marketId) {
      throw new AppError('VALIDATION_FAILED', { requestId: 'invalidValue' });
    }
    return toAdjustment(earlier);
  }

  private async market(db: Db, marketId: string): Promise<MarketRow & { language: string }> {
    const [market] = rowsOf<MarketRow & { language: string }>(
      await db.execute(sql`select m.id, m.name, u.email as owner_email, u.language, m.created_at
        from markets m join users u on u.id = m.owner_id where m.id = ${marketId}`),
    );
    if (!market) throw new AppError('NOT_FOUND');
    return market;
  }
}

interface MarketRow {
  id: string;
  name: string;
  owner_email: string;
  created_at: Date | string;
}

interface AdjustmentRow {
  id: string;
  amount: number;
  note: string | null;
  email: string | null;
  created_at: Date | string;
}

function toMarket(row: MarketRow): StaffMarket {
  return {
    id: row.id,
    name: row.name,
    ownerEmail: row.owner_email,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function toAdjustment(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    amount: Number(row.amount),
    reason: row.note ?? '',
    by: row.email,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
