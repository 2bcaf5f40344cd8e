import type { BankDetails, Language, saveBankDetailsSchema } from '@shop/shared';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bankDetails } from '../../db/schema/index.js';
import type { MarketRow, UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { bankDetailsChangedMail } from './mail.js';

type BankDetailsRow = typeof bankDetails.$inferSelect;

/** Where a store's payouts go (issue 14): versioned bank details, changed with the owner's password. */
export class PayoutService {
  constructor(private readonly ctx: AppContext) {}

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
}

const FIELDS = [
  'taxNumber',
  'bank',
  'bankTaxNumber',
  'code',
  'correspondentAccount',
  'swift',
  'settlementAccount',
] as const;

function sameDetails(current: NonNullable<BankDetails>, next: Record<(typeof FIELDS)[number], string>): boolean {
  return FIELDS.every((field) => current[field] === next[field]);
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
