import type { PayoutStatus } from '@shop/shared';

export const BALANCE_PAYOUT_PATH = '/cp/balance-payout';

/** A payout's page: cp/payout-details/{marketId}/{id} (SPEC §2). */
export const payoutPath = (marketId: string, id: string) => `/cp/payout-details/${marketId}/${id}`;

/** A payout status's badge colour: paid green, on its way blue, came back red. */
export const STATUS_COLOR: Record<PayoutStatus, string> = { paid: 'green', pending: 'blue', failed: 'red' };
