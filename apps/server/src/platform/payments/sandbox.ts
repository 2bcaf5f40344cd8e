import { createHmac } from 'node:crypto';
import type { PaymentFailureCause } from '@shop/shared';
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

export function sandboxEncode(secret: string, fields: SandboxResultFields) {
  const data = Buffer.from(JSON.stringify(fields)).toString('base64');
  return { data, signature: sandboxSign(secret, data) };
}

export function sandboxProvider(secret: string, pageUrl: (paymentId: string) => string): PaymentProvider {
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
  };
}
