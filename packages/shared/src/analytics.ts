import { z } from 'zod';
import type { AnalyticsIds, AnalyticsKind } from './commerce.js';
import type { ErrorCode } from './errors.js';
import type { MessageKey } from './messages.js';

/**
 * Analytics pixels of a store (SPEC §2 cp analytics-integration, §5, §7 Market add-*-id, §8).
 *
 * The storefront puts these ids into vendor loader calls on every page, so each one is held to
 * the vendor's own format: nothing a merchant types can become script.
 *
 * - Meta pixel: 15–16 digits.
 * - Yandex Metrika counter: 5–10 digits.
 * - Google Analytics: a GA4 measurement id, "G-" and 4–12 letters or digits (typed in any case,
 *   kept in capitals). Universal Analytics ids ("UA-123-1") are refused: Google stopped
 *   processing UA data in July 2023 (July 2024 for 360), so such an id would collect nothing.
 * - Microsoft Clarity project: 8–12 lowercase letters or digits.
 */
export const ANALYTICS = {
  facebook: {
    field: 'facebookPixelId',
    path: '/Market/add-facebook-id',
    missing: 'PIXEL_ID_MISSING',
    invalid: 'invalidPixelId',
    pattern: /^\d{15,16}$/,
  },
  yandex: {
    field: 'yandexMetricaId',
    path: '/Market/add-yandex-metrica-id',
    missing: 'YANDEX_ID_MISSING',
    invalid: 'invalidYandexId',
    pattern: /^\d{5,10}$/,
  },
  google: {
    field: 'googleAnalyticsId',
    path: '/Market/add-google-id',
    missing: 'GOOGLE_ID_MISSING',
    invalid: 'invalidGoogleId',
    pattern: /^G-[A-Z0-9]{4,12}$/,
  },
  clarity: {
    field: 'clarityId',
    path: '/Market/add-clarity-id',
    missing: 'CLARITY_ID_MISSING',
    invalid: 'invalidClarityId',
    pattern: /^[a-z0-9]{8,12}$/,
  },
} as const satisfies Record<
  AnalyticsKind,
  {
    field: keyof AnalyticsIds;
    path: string;
    missing: ErrorCode & MessageKey;
    invalid: MessageKey;
    pattern: RegExp;
  }
>;

/** One pixel id as the merchant types it: surrounding spaces dropped; Google's in capitals. */
export function analyticsIdSchema(kind: AnalyticsKind) {
  const { missing, invalid, pattern } = ANALYTICS[kind];
  const base = z.string(missing).trim().min(1, missing);
  return (kind === 'google' ? base.toUpperCase() : base).max(64, invalid).regex(pattern, invalid);
}

/**
 * The market of a body; blank or absent is the kind's "Market ID or … ID is missing". Any other
 * value is the owner guard's to judge: a market that is not the caller's is 404.
 */
const marketIdOf = (missing: MessageKey) => z.string(missing).trim().min(1, missing);

/** POST /Market/add-facebook-id */
export const addFacebookIdSchema = z.strictObject({
  marketId: marketIdOf(ANALYTICS.facebook.missing),
  facebookPixelId: analyticsIdSchema('facebook'),
});
/** POST /Market/add-yandex-metrica-id */
export const addYandexMetricaIdSchema = z.strictObject({
  marketId: marketIdOf(ANALYTICS.yandex.missing),
  yandexMetricaId: analyticsIdSchema('yandex'),
});
/** POST /Market/add-google-id */
export const addGoogleIdSchema = z.strictObject({
  marketId: marketIdOf(ANALYTICS.google.missing),
  googleAnalyticsId: analyticsIdSchema('google'),
});
/** POST /Market/add-clarity-id */
export const addClarityIdSchema = z.strictObject({
  marketId: marketIdOf(ANALYTICS.clarity.missing),
  clarityId: analyticsIdSchema('clarity'),
});

export type AddFacebookIdInput = z.input<typeof addFacebookIdSchema>;
export type AddYandexMetricaIdInput = z.input<typeof addYandexMetricaIdSchema>;
export type AddGoogleIdInput = z.input<typeof addGoogleIdSchema>;
export type AddClarityIdInput = z.input<typeof addClarityIdSchema>;

/** The body schema of each kind's add-*-id call. */
export const addAnalyticsIdSchemas = {
  facebook: addFacebookIdSchema,
  yandex: addYandexMetricaIdSchema,
  google: addGoogleIdSchema,
  clarity: addClarityIdSchema,
} as const satisfies Record<AnalyticsKind, z.ZodType>;

/** A store without any pixel. */
export const NO_ANALYTICS_IDS: AnalyticsIds = Object.freeze({
  facebookPixelId: null,
  yandexMetricaId: null,
  googleAnalyticsId: null,
  clarityId: null,
});
