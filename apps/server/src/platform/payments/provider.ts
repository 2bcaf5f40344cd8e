import { timingSafeEqual } from 'node:crypto';
import type { Language, PaymentFailureCause } from '@shop/shared';
import { AppError } from '../errors.js';

/** One attempt to charge an order, as handed to a provider (DESIGN §5). */
export interface PaymentRequest {
  /** Our payment id: the provider's order_id, unique per attempt. */
  paymentId: string;
  /** Qəpik. */
  amount: number;
  currency: 'AZN';
  language: Language;
  description: string;
  /** Where the shopper's browser goes after paying, and after failing. */
  successUrl: string;
  errorUrl: string;
}

/** A provider's verdict on an attempt, from a verified callback or a status query. */
export interface PaymentResult {
  paymentId: string;
  status: 'approved' | 'declined' | 'failed';
  transaction: string | null;
  cardMask: string | null;
  /** Qəpik, as the provider reports it; compared with what we asked for. */
  amount: number | null;
  code: string | null;
  message: string | null;
  /**
   * Why it failed, in words of our catalogue (shown in the merchant's language); null when
   * approved, or when the provider's code is not one we know (then `message` is shown).
   */
  cause: PaymentFailureCause | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'epoint';
  /** Registers the attempt with the provider; the shopper is sent to `redirectUrl`. */
  start(request: PaymentRequest): Promise<{ redirectUrl: string; transaction: string | null }>;
  /** Checks the signature of a result POSTed to us and decodes it; throws when forged. */
  verifyCallback(body: unknown): PaymentResult;
  /** Asks the provider how an attempt ended; null while it doesn't know (or can't be asked). */
  status(payment: { id: string; transaction: string | null }): Promise<PaymentResult | null>;
  /** Gives money back: all of it, or `amount` qəpik. */
  reverse(
    payment: { id: string; transaction: string | null },
    amount: number,
  ): Promise<{ ok: boolean; message: string | null }>;
  /**
   * Starts saving a card for later charges (the platform's subscription): the owner is sent to
   * `redirectUrl`; `token` is the provider's id of the card, named again by its result.
   */
  registerCard(request: CardRegistrationRequest): Promise<{ redirectUrl: string; token: string }>;
  /** Checks and decodes the result of a card registration POSTed to us; throws when forged. */
  verifyCardCallback(body: unknown): CardRegistrationResult;
  /** Charges a saved card, the verdict in the reply (no callback follows). */
  charge(request: ChargeRequest): Promise<PaymentResult>;
}

/** Saving a card, as handed to a provider. */
export interface CardRegistrationRequest {
  registrationId: string;
  language: Language;
  description: string;
  successUrl: string;
  errorUrl: string;
}

/** A provider's verdict on saving a card. */
export interface CardRegistrationResult {
  /** The provider's id of the card, as `registerCard` named it. */
  token: string;
  status: 'saved' | 'failed';
  cardMask: string | null;
  code: string | null;
  message: string | null;
  cause: PaymentFailureCause | null;
}

/** A charge of a saved card (the subscription), as handed to a provider. */
export interface ChargeRequest {
  /** Our charge id: the provider's order_id. */
  chargeId: string;
  cardToken: string;
  /** The card as saved (the sandbox's bank knows its test cards by their last digits). */
  cardMask: string | null;
  /** Qəpik. */
  amount: number;
  currency: 'AZN';
  language: Language;
  description: string;
}

/** The provider could not be reached or refused the request. */
export class ProviderError extends Error {}

/** AZN decimal as providers write it, from qəpik. */
export const toDecimal = (minor: number) => Number((minor / 100).toFixed(2));
/** Qəpik from a provider's decimal amount; null when it isn't a number. */
export function toMinor(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/**
 * A provider's signed result (`data` = base64 JSON, `signature` over it), checked in constant
 * time against what `sign` makes of the same data, then decoded. Anything else is forged.
 */
export function readSignedResult<T extends object>(
  body: unknown,
  sign: (data: string) => string,
  key: 'order_id' | 'card_id' = 'order_id',
): T {
  const { data, signature } = (body ?? {}) as { data?: unknown; signature?: unknown };
  if (typeof data !== 'string' || typeof signature !== 'string') throw new AppError('PAYMENT_SIGNATURE_INVALID');
  const expected = Buffer.from(sign(data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('PAYMENT_SIGNATURE_INVALID');
  }
  let fields: T;
  try {
    fields = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as T;
  } catch {
    throw new AppError('PAYMENT_SIGNATURE_INVALID');
  }
  if (!fields || typeof fields !== 'object' || typeof (fields as Record<string, unknown>)[key] !== 'string') {
    throw new AppError('PAYMENT_SIGNATURE_INVALID');
  }
  return fields;
}

/**
 * Whether a result POSTed to us is a card registration's (it names a card and no order of ours)
 * rather than a payment's: read before verifying, only to choose which verification applies.
 */
export function isCardRegistrationResult(body: unknown): boolean {
  const { data } = (body ?? {}) as { data?: unknown };
  if (typeof data !== 'string') return false;
  try {
    const fields = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown> | null;
    return !!fields && typeof fields.card_id === 'string' && typeof fields.order_id !== 'string';
  } catch {
    return false;
  }
}

/**
 * The bank's response codes as Epoint passes them on (ISO 8583 style, developer.epoint.az/en/errors):
 * 1xx declines, 2xx declines that also ask to keep the card. Codes not listed have no cause.
 */
const BANK_CODE_CAUSES: Record<string, PaymentFailureCause> = {
  '100': 'declined',
  '101': 'card_expired',
  '201': 'card_expired',
  '102': 'suspected_fraud',
  '202': 'suspected_fraud',
  '122': 'suspected_fraud',
  '129': 'suspected_fraud',
  '210': 'suspected_fraud',
  '103': 'contact_bank',
  '105': 'contact_bank',
  '107': 'contact_bank',
  '108': 'contact_bank',
  '200': 'contact_bank',
  '203': 'contact_bank',
  '205': 'contact_bank',
  '207': 'contact_bank',
  '104': 'restricted_card',
  '204': 'restricted_card',
  '106': 'pin_error',
  '112': 'pin_error',
  '117': 'pin_error',
  '126': 'pin_error',
  '127': 'pin_error',
  '128': 'pin_error',
  '206': 'pin_error',
  '110': 'invalid_amount',
  '113': 'invalid_amount',
  '111': 'invalid_card',
  '118': 'invalid_card',
  '125': 'invalid_card',
  '114': 'not_permitted',
  '115': 'not_permitted',
  '119': 'not_permitted',
  '120': 'not_permitted',
  '124': 'not_permitted',
  '116': 'insufficient_funds',
  '121': 'limit_exceeded',
  '123': 'limit_exceeded',
  '180': 'canceled_by_shopper',
  '208': 'lost_or_stolen',
  '209': 'lost_or_stolen',
};

/** The cause of a bank's response code (see BANK_CODE_CAUSES); null for approved or unknown codes. */
export function bankCodeCause(code: string | null | undefined): PaymentFailureCause | null {
  return (code && BANK_CODE_CAUSES[code]) || null;
}
