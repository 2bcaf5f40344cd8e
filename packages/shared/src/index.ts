export * from './catalog.js';
export * from './errors.js';
export * from './limits.js';
export * from './market.js';
export * from './media.js';
export * from './messages.js';
export * from './money.js';
export * from './user.js';
