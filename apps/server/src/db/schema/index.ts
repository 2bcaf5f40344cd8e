export * from './catalog.js';
export * from './commerce.js';
export * from './discount.js';
export * from './ledger.js';
export * from './mail.js';
export * from './market.js';
export * from './payout.js';
export * from './user.js';
