import { z } from 'zod';
import { balanceSchema } from './ledger.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';

/**
 * The platform's staff (issue 14's adjustments; issue 17's staff area): people who run the
 * platform, not a store. Staff are named by the command line (`npm run staff -- grant <email>`)
 * or the `STAFF_EMAILS` list — never by a merchant — and reach every store's money to correct it.
 */

/** The largest correction one adjustment makes, either way: 100,000.00 ₼. */
export const ADJUSTMENT_MAX = 10_000_000;
export const ADJUSTMENT_REASON = { min: 10, max: 500 } as const;

/** GET /Staff/markets: stores found by name or owner's e-mail, newest first. */
export const STAFF_MARKET_PAGE_SIZE = { default: 20, max: 100 } as const;
export const staffMarketQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'tooLong').optional(),
  ...pageQuery(STAFF_MARKET_PAGE_SIZE),
});
export type StaffMarketQuery = z.input<typeof staffMarketQuerySchema>;

export const staffMarketSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  ownerEmail: z.string(),
  createdAt: timestampSchema,
});
export type StaffMarket = z.infer<typeof staffMarketSchema>;

export const staffMarketPageSchema = z.strictObject({
  items: z.array(staffMarketSchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
});
export type StaffMarketPage = z.infer<typeof staffMarketPageSchema>;

/** One correction of a store's available balance, with why and by whom. */
export const adjustmentSchema = z.strictObject({
  id: idSchema,
  /** Qəpik, signed: what it adds to the store's available balance. */
  amount: intSchema,
  reason: z.string(),
  /** The staff member's e-mail (null once their account is gone). */
  by: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** GET /Staff/markets/{marketId}/adjustments: the store, its balances and its corrections, newest first. */
export const staffLedgerSchema = z.strictObject({
  market: staffMarketSchema,
  balance: balanceSchema,
  adjustments: z.array(adjustmentSchema),
});
export type StaffLedger = z.infer<typeof staffLedgerSchema>;

/**
 * POST /Staff/markets/{marketId}/adjustments. `requestId` is made by the form when it opens: the
 * same request sent twice (a second click, a retry after a lost answer) makes one adjustment.
 */
export const createAdjustmentSchema = z.strictObject({
  amount: z
    .number('invalidAmount')
    .int('invalidAmount')
    .min(-ADJUSTMENT_MAX, 'invalidAmount')
    .max(ADJUSTMENT_MAX, 'invalidAmount')
    .refine((v) => v !== 0, 'invalidAmount'),
  reason: z
    .string('adjustmentReasonTooShort')
    .trim()
    .min(ADJUSTMENT_REASON.min, 'adjustmentReasonTooShort')
    .max(ADJUSTMENT_REASON.max, 'tooLong'),
  requestId: z.uuid('invalidValue'),
});
export type CreateAdjustmentInput = z.input<typeof createAdjustmentSchema>;
