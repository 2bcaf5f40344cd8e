/**
 * A merchant the journeys' server seeds with a payout history (scripts/e2e-seed.ts): a store with
 * bank details whose orders were paid, fulfilled and settled on two Wednesdays — the first payout
 * arrived, the second is on its way. Shared by the seed and the journeys.
 */
// The password is the test kit's (apps/server/src/testing/app.ts PASSWORD), which registered it.
export const PAYOUT_MERCHANT = { email: 'payouts@e2e.test', password: 'Str0ng-Pass!' } as const;

/**
 * Merchants whose subscription went unpaid (scripts/e2e-seed.ts): a card the bank declines was
 * charged on the day their month fell due and on the three retries, so each store is suspended.
 * One per journey language: paying opens the store, which a journey can do once.
 */
export const SUSPENDED_MERCHANTS = {
  az: { email: 'suspended-az@e2e.test', password: 'Str0ng-Pass!', product: 'Qırmızı şərf' },
  en: { email: 'suspended-en@e2e.test', password: 'Str0ng-Pass!', product: 'Red scarf' },
} as const;

/**
 * One of the platform's staff (STAFF_EMAILS of scripts/e2e-server.mjs), with a store of its own so
 * that signing in lands in the control panel, whose account menu leads to the staff area.
 */
export const STAFF_MEMBER = { email: 'staff@e2e.test', password: 'Str0ng-Pass!' } as const;

/**
 * The store the staff journey corrects (scripts/e2e-seed.ts): no bank details, so no payout ever
 * takes its adjustments, and no other journey reads its balance.
 */
export const ADJUSTED_MERCHANT = {
  email: 'adjusted@e2e.test',
  password: 'Str0ng-Pass!',
  store: 'adjusted-e2e',
} as const;
