import { createHmac, randomBytes } from 'node:crypto';
import { type PaymentFailureCause, SANDBOX_CARDS } from '@shop/shared';
import { type PaymentProvider, type PaymentResult, readSignedResult } from './provider.js';

/**
 * The default provider (DESIGN §5): our own hosted test page (payment/sandbox-page.ts) takes a
 * test card and posts its result signed like a real provider's — base64 JSON `data` and an
 * HMAC-SHA256 `signature` — so the whole verified-callback path runs without a bank.
 */
export function sandboxSign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64');
}

export interface SandboxResultFields {
  order_id: string;
  status: 'success' | 'failed';
  code: string;
  message: string;
  transaction: string;
  card_mask: string | null;
  amount: number;
}

/** The codes the sandbox's card page answers with (payment/sandbox-page.ts), as causes. */
const SANDBOX_CAUSES: Record<string, PaymentFailureCause> = {
  '100': 'declined',
  '116': 'insufficient_funds',
  '200': 'canceled_by_shopper',
};

/** A saved card's result, as the sandbox's card page reports it. */
export interface SandboxCardFields {
  card_id: string;
  status: 'success' | 'failed';
  code: string;
  message: string;
  card_mask: string | null;
}

export function sandboxEncode(secret: string, fields: SandboxResultFields | SandboxCardFields) {
  const data = Buffer.from(JSON.stringify(fields)).toString('base64');
  return { data, signature: sandboxSign(secret, data) };
}

/** What the sandbox's bank says to a test card (by its number, or a saved one by its last four digits). */
export function sandboxVerdict(card: string): { status: 'success' | 'failed'; code: string; message: string } {
  const ends = (test: string) => card.endsWith(test.slice(-4));
  if (card === SANDBOX_CARDS.approve || (card.length < 16 && ends(SANDBOX_CARDS.approve))) {
    return { status: 'success', code: '000', message: 'Approved' };
  }
  if (card === SANDBOX_CARDS.insufficientFunds || (card.length < 16 && ends(SANDBOX_CARDS.insufficientFunds))) {
    return { status: 'failed', code: '116', message: 'Insufficient funds' };
  }
  return { status: 'failed', code: '100', message: 'Declined' };
}

export function sandboxProvider(
  secret: string,
  pageUrl: (paymentId: string) => string,
  cardPageUrl: (token: string) => string,
): PaymentProvider {
  return {
    name: 'sandbox',

    // The sandbox's bank names the transaction when the card is charged (the card page).
    async start(request) {
      return { redirectUrl: pageUrl(request.paymentId), transaction: null };
    },

    verifyCallback(body) {
      const fields = readSignedResult<SandboxResultFields>(body, (data) => sandboxSign(secret, data));
      const result: PaymentResult = {
        paymentId: fields.order_id,
        status: fields.code === '000' ? 'approved' : 'declined',
        transaction: fields.transaction,
        cardMask: fields.card_mask,
        amount: Math.round(fields.amount * 100),
        code: fields.code,
        message: fields.message,
        cause: SANDBOX_CAUSES[fields.code] ?? null,
      };
      return result;
    },

    // The sandbox page reports synchronously: there is never a verdict to ask for later.
    async status() {
      return null;
    },

    async reverse() {
      return { ok: true, message: null };
    },

    async registerCard() {
      const token = `sbc_${randomBytes(12).toString('hex')}`;
      return { redirectUrl: cardPageUrl(token), token };
    },

    verifyCardCallback(body) {
      const fields = readSignedResult<SandboxCardFields>(body, (data) => sandboxSign(secret, data), 'card_id');
      const saved = fields.code === '000';
      return {
        token: fields.card_id,
        status: saved ? 'saved' : 'failed',
        cardMask: fields.card_mask,
        code: fields.code,
        message: fields.message,
        cause: saved ? null : (SANDBOX_CAUSES[fields.code] ?? null),
      };
    },

    // The sandbox's bank keeps no cards: it knows a saved test card by its mask's last digits
    // (SANDBOX_CARDS), and answers at once.
    async charge(request) {
      const outcome = sandboxVerdict((request.cardMask ?? '').replace(/\D/g, ''));
      return {
        paymentId: request.chargeId,
        status: outcome.code === '000' ? 'approved' : 'declined',
        transaction: `sbx_${randomBytes(12).toString('hex')}`,
        cardMask: request.cardMask,
        amount: request.amount,
        code: outcome.code,
        message: outcome.message,
        cause: SANDBOX_CAUSES[outcome.code] ?? null,
      };
    },
  };
}
