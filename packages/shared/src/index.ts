export * from './errors.js';
export * from './limits.js';
export * from './market.js';
export * from './messages.js';
export * from './user.js';
