/**
 * A merchant the journeys' server seeds with a payout history (scripts/e2e-seed.ts): a store with
 * bank details whose orders were paid, fulfilled and settled on two Wednesdays — the first payout
 * arrived, the second is on its way. Shared by the seed and the journeys.
 */
// The password is the test kit's (apps/server/src/testing/app.ts PASSWORD), which registered it.
export const PAYOUT_MERCHANT = { email: 'payouts@e2e.test', password: 'Str0ng-Pass!' } as const;
