import { z } from 'zod';
import { balanceSchema } from './ledger.js';
import { intSchema, timestampSchema } from './responses.js';

/**
 * Closing a store or the whole account (issue 15, SPEC §9 "data kept up to 2 years after
 * closing"; decision 023). A closed store is offline at once — its storefront, its domains, its
 * employees' access — and waits, whole, for its owner to reopen it; two years after closing it
 * is purged, keeping only the accounting record the law asks for.
 */

/** How long a closed store (or account) is kept, reopenable, before it is purged. */
export const RETENTION_YEARS = 2;

/** POST /Market/close/{marketId} and POST /User/close-account: the owner's password, as for bank details. */
export const closeWithPasswordSchema = z.strictObject({
  password: z.string('required').min(1, 'required').max(256, 'tooLong'),
});
export type CloseWithPasswordInput = z.input<typeof closeWithPasswordSchema>;

/** GET /Market/closing-summary/{marketId}: what is still going on, shown before the owner closes. */
export const closingSummarySchema = z.strictObject({
  /** Paid orders not yet sent, and cash orders not yet paid: the shoppers still wait for them. */
  openOrders: intSchema,
  /** Their names, the oldest first (at most 20). */
  openOrderNames: z.array(z.string()),
  /** Money still to come: payouts go on after closing, to the saved bank account. */
  balance: balanceSchema,
  /** Custom domains that stop serving the store. */
  domains: intSchema,
  /** Employees who lose access. */
  employees: intSchema,
  /** Until when, once closed today, the store can be reopened. */
  keptUntil: timestampSchema,
});
export type ClosingSummary = z.infer<typeof closingSummarySchema>;

/** The instant two years after `closedAt`: when a store (or account) closed then is purged. */
export function purgeDate(closedAt: Date): Date {
  const at = new Date(closedAt);
  at.setUTCFullYear(at.getUTCFullYear() + RETENTION_YEARS);
  return at;
}
