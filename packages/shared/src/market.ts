import { z } from 'zod';
import { analyticsIdsSchema } from './commerce.js';
import { marketAccessSchema } from './employees.js';
import { limits } from './limits.js';
import { orderSettingsViewSchema } from './orders.js';
import { idSchema, intSchema, timestampSchema } from './responses.js';

/**
 * Names a store can't take because the product's own pages live at the root (SPEC §2) and a
 * store is served at /{marketName}. The server reserves every first path segment it answers on
 * top of these (apps/server platform/root-paths.ts, derived from its routes); this list is what
 * the browser checks before asking, and a test keeps it a superset of what the server derives.
 */
export const RESERVED_MARKET_NAMES: ReadonlySet<string> = new Set([
  'login',
  'register',
  'reg-via-email',
  'email-verification',
  'login-verification',
  'forgot-pass',
  're-enter-pass',
  'choose-market',
  'create-market',
  'create-market-finish',
  'card-success',
  'card-failed',
  'success',
  'failed',
  'success-page',
  'cp',
  'privacy',
  'terms',
  'help-center',
  'bug-report',
  'about',
  'contact',
  'blogs',
  'tutorials',
  'apply',
  'customize-store-page',
  'not-found',
  'maintenance',
  'api',
  'assets',
  'uploads',
  'staff',
  'invitation',
  'dev-mailbox',
  'sandbox',
  'sandbox-pay',
  'sandbox-card',
  'fonts',
  // The storefront's bundled fonts and a store's icons (issue 16), its texts (decision 028).
  'store-fonts',
  'store-icon',
  'store-texts',
  // The landing page's screenshots and the public site's switches (issue 17).
  'landing',
  'preferences',
  'recover',
  'pay',
  'payment',
  'checkout',
  // A custom domain serves the store's pages at these root paths.
  'product',
  'category',
  'collection',
  'policies',
  'pages',
  'products',
  'search',
  'admin',
  'www',
  'mail',
  'static',
  'public',
  'help',
  'support',
  'docs',
  'status',
  'health',
  'robots-txt',
  'sitemap',
  'blog',
  'careers',
  'home',
  'shop',
  'store',
  'stores',
  'market',
  'markets',
  'account',
  'settings',
  'favicon-ico',
  'null',
  'undefined',
]);

export const marketNameSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .min(limits.marketName.min, 'tooShort')
  .max(limits.marketName.max, 'tooLong')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'marketNameFormat')
  .refine((v) => !RESERVED_MARKET_NAMES.has(v), 'marketNameReserved');

// Sector ids are PostgreSQL integers: a larger number names no sector (and would overflow the query).
const sectorIdSchema = z
  .number('sectorRequired')
  .int('sectorRequired')
  .positive('sectorRequired')
  .max(2_147_483_647, 'sectorRequired');
const logoUrlSchema = z.union([
  z.string('invalidValue').max(1024, 'tooLong').startsWith('/uploads/', 'invalidValue'),
  z.null(),
]);

export const createMarketSchema = z.strictObject({
  name: marketNameSchema,
  sectorId: sectorIdSchema,
  logoUrl: logoUrlSchema.optional(),
});
export type CreateMarketInput = z.input<typeof createMarketSchema>;

export const updateMarketSchema = z.strictObject({
  id: z.uuid('invalidValue'),
  name: marketNameSchema.optional(),
  sectorId: sectorIdSchema.optional(),
  logoUrl: logoUrlSchema.optional(),
  description: z.string('invalidValue').max(limits.marketDescription.max, 'tooLong').optional(),
});
export type UpdateMarketInput = z.input<typeof updateMarketSchema>;

export const sectorViewSchema = z.strictObject({ id: intSchema, slug: z.string(), name: z.string() });
export type SectorView = z.infer<typeof sectorViewSchema>;

export const marketViewSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  sectorId: intSchema,
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: timestampSchema,
  /** Who the caller is to the store: its owner, or an employee of a level (decision 022). */
  access: marketAccessSchema,
  /** When its owner closed it (decision 023): offline, reopenable until two years on. */
  closedAt: timestampSchema.nullable(),
});
export type MarketView = z.infer<typeof marketViewSchema>;

/** GET /Market/get-store-by-id: the owner's view, with the order settings (cp/general). */
export const ownerMarketSchema = marketViewSchema.extend(orderSettingsViewSchema.shape);
export type OwnerMarket = z.infer<typeof ownerMarketSchema>;

/** GET /Market/get-store-by-name: what a shopper may see of a store, its pixels included. */
export const publicMarketSchema = marketViewSchema
  .omit({ createdAt: true, access: true, closedAt: true })
  .extend(analyticsIdsSchema.shape);
export type PublicMarket = z.infer<typeof publicMarketSchema>;
