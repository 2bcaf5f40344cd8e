import { z } from 'zod';
import type { MessageKey } from './messages.js';
import { messageKeySchema, messageParamsSchema } from './responses.js';

/**
 * Error codes of the API envelope `{ error: { code, message, fields? } }` and their HTTP
 * status. Each code is also a key of the message catalogue.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  CODE_INCORRECT: 400,
  CODE_EXPIRED: 400,
  GOOGLE_ID_TOKEN_NOT_FOUND: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  GOOGLE_LOGIN_FAILED: 401,
  WRONG_PASSWORD: 403,
  /** A route of the platform's staff, asked by anyone else signed in. */
  FORBIDDEN: 403,
  /** An employee of the store asking for what their level does not open (decision 022). */
  ACCESS_DENIED: 403,
  /** Accepting an invitation sent to another e-mail; `params`: email. */
  INVITATION_OTHER_EMAIL: 403,
  /** A Google-only account changing what needs its password (bank details). */
  SET_PASSWORD_FIRST: 403,
  EMAIL_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  NO_EMAIL_FOUND: 404,
  GOOGLE_NOT_CONFIGURED: 404,
  METHOD_NOT_ALLOWED: 405,
  USER_ALREADY_EXISTS: 409,
  PRODUCT_NAME_TAKEN: 409,
  CATEGORY_IN_USE: 409,
  CATEGORY_NAME_TAKEN: 409,
  STOCK_WOULD_BE_NEGATIVE: 409,
  /** On hand would fall below the units checkouts hold; `params`: held, minutes. */
  STOCK_HELD: 409,
  CSV_INVALID: 400,
  USERNAME_TAKEN: 409,
  MARKET_NAME_TAKEN: 409,
  EMAIL_ALREADY_CONFIRMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  FILE_UPLOAD_FAILED: 422,
  /** A CV that is not a PDF or a DOCX by its bytes (SPEC §8 Careers). */
  CV_TYPE_INVALID: 415,
  /** A CV over 100MB (SPEC §8 Careers: File size exceeds 100MB). */
  CV_TOO_LARGE: 413,
  /** A bug report's picture that is not a PNG or a JPEG by its bytes. */
  IMAGE_TYPE_INVALID: 415,
  /** A bug report's video that is not an MP4 or a WebM by its bytes. */
  VIDEO_TYPE_INVALID: 415,
  /** A voice note that is not a browser's recording (WebM, Ogg, MP4 audio). */
  AUDIO_TYPE_INVALID: 415,
  /** A bug report's file over 30MB. */
  MEDIA_TOO_LARGE: 413,
  /** Applying again to a vacancy the applicant applied to. */
  ALREADY_APPLIED: 409,
  /** Deleting a vacancy people applied to (unpublish it instead: their applications stay). */
  VACANCY_HAS_APPLICATIONS: 409,
  CODE_ATTEMPTS_EXCEEDED: 429,
  RATE_LIMITED: 429,
  /** A public form whose hidden field a script filled in (HONEYPOT_FIELD): nothing is kept. */
  SPAM_SUSPECTED: 400,
  BASKET_EMPTY: 409,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  ORDER_ALREADY_PAID: 409,
  CHECKOUT_CLOSED: 409,
  CHECKOUT_FAILED: 409,
  ORDER_NOT_PAID: 409,
  ORDER_CANCELED: 409,
  ORDER_ALREADY_FULFILLED: 409,
  /** Paying in cash where the store (or the chosen delivery) does not offer it. */
  CASH_ON_DELIVERY_UNAVAILABLE: 409,
  /** Marking paid by hand an order paid by card (only cash on delivery is collected by the merchant). */
  ORDER_PAID_BY_CARD: 409,
  /** Starting a card payment for an order placed to pay in cash on delivery. */
  CASH_ON_DELIVERY_ORDER: 409,
  /** Paying the subscription when no month is owed. */
  SUBSCRIPTION_NOTHING_DUE: 409,
  /** A charge of the subscription is already on its way (a second click, another tab). */
  SUBSCRIPTION_CHARGE_IN_PROGRESS: 409,
  /** Paying the subscription without a saved card. */
  SUBSCRIPTION_NO_CARD: 409,
  /** The store is suspended (its subscription is unpaid): shoppers can not buy until the owner pays. */
  STORE_SUSPENDED: 503,
  /** A shopper buying from a store its owner closed. */
  STORE_CLOSED: 410,
  INVALID_SESSION_OR_STORE: 400,
  /** Adding to a cart without a valid visitor id, or naming a store, product or variant not on sale there. */
  INVALID_SESSION_MARKET_PRODUCT: 400,
  PAYMENT_SIGNATURE_INVALID: 400,
  /** A provider result names a transaction another payment already has: refused, nothing changed. */
  PAYMENT_TRANSACTION_TAKEN: 409,
  /** A pop-up whose live window meets another active pop-up's (one at a time per store). */
  POPUP_OVERLAP: 409,
  /** A domain another store (or this one) has already: SPEC §8 "Please add a different domain name". */
  DOMAIN_TAKEN: 409,
  /** The platform's own host, or a name under it. */
  DOMAIN_OURS: 409,
  DOMAIN_LIMIT: 409,
  /** Making primary a domain not verified or switched off. */
  DOMAIN_NOT_VERIFIED: 409,
  DISCOUNT_CODE_TAKEN: 409,
  /** Another page of the store has this address (cp/content). */
  PAGE_SLUG_TAKEN: 409,
  /** The store has PAGES_PER_MARKET pages already. */
  PAGE_LIMIT: 409,
  /** The owner changing a store they closed (decision 023): reopen it first. */
  MARKET_CLOSED: 409,
  /** Reopening a store that is open. */
  MARKET_NOT_CLOSED: 409,
  /** Store employees (decision 022). */
  INVITATION_SELF: 409,
  EMPLOYEE_EXISTS: 409,
  EMPLOYEE_LIMIT: 409,
  INVITATION_ACCEPTED: 409,
  INVITATION_EXPIRED: 410,
  /** Shoppers' discount errors (decision 018). */
  DISCOUNT_CODE_UNKNOWN: 404,
  DISCOUNT_CODE_NOT_ACTIVE: 409,
  DISCOUNT_CODE_ENDED: 409,
  DISCOUNT_CODE_USED_UP: 409,
  /** `params`: limit (uses per e-mail). */
  DISCOUNT_CODE_CUSTOMER_LIMIT: 409,
  /** `params`: minimum (in manat, as shown). */
  DISCOUNT_CODE_MINIMUM: 409,
  /** A pop-up or bundle a stale page offered after it ended or was switched off. */
  OFFER_ENDED: 409,
  /** A palette whose colours do not read on each other at WCAG AA; `params`: ratio, min, suggestion. */
  PALETTE_CONTRAST: 400,
  PALETTE_IN_USE: 409,
  PALETTE_LIMIT: 409,
  /** POST /MarketSetting/font with a name outside the bundled set; `params`: font. */
  FONT_UNKNOWN: 400,
  PIXEL_ID_MISSING: 400,
  YANDEX_ID_MISSING: 400,
  GOOGLE_ID_MISSING: 400,
  CLARITY_ID_MISSING: 400,
  MARKET_ID_MISSING: 400,
  INTERNAL: 500,
  FULFILL_FAILED: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  /** The payment provider refused or failed the refund; its words are in `error.reason`. */
  REFUND_FAILED: 502,
  SEND_CODE_FAILED: 502,
  RESET_LINK_FAILED: 502,
  /** The owner could not be told of a bank details change, so none was made. */
  BANK_DETAILS_MAIL_FAILED: 502,
  /** The invitation's e-mail could not be sent, so none was made. */
  INVITATION_MAIL_FAILED: 502,
  /** The owner could not be told of a staff adjustment, so none was made. */
  ADJUSTMENT_MAIL_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** The server's disk is (nearly) full: writes are refused until space returns; reads still work. */
  STORAGE_FULL: 503,
} as const satisfies Partial<Record<MessageKey, number>>;

export type ErrorCode = keyof typeof errorStatus;

/** Field errors map a field path ("password", "items.0.qty") to a catalogue key. */
export type FieldErrors = Record<string, MessageKey>;

/** A failure's envelope: `{ "error": { code, message, fields?, reason?, params? } }`. */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** Per field: the catalogue key and its text in the caller's language. */
    fields: z
      .record(
        z.string(),
        z.strictObject({ code: messageKeySchema, message: z.string(), params: messageParamsSchema.optional() }),
      )
      .optional(),
    /**
     * Words of a third party that explain the failure, untranslated: the payment provider's
     * reason with REFUND_FAILED (e.g. "Amount exceeds the paid amount").
     */
    reason: z.string().optional(),
    /** The figures the message names (e.g. STOCK_HELD's held units and minutes), for the caller's own wording. */
    params: messageParamsSchema.optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
