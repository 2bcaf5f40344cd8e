import { createHash } from 'node:crypto';
import {
  bankCodeCause,
  type PaymentProvider,
  type PaymentResult,
  ProviderError,
  readSignedResult,
  toDecimal,
  toMinor,
} from './provider.js';

export interface EpointConfig {
  publicKey: string;
  privateKey: string;
  /** https://epoint.az, or a stand-in in tests. */
  apiUrl: string;
}

/** base64(sha1_raw(private_key + data + private_key)): Epoint's signature of `data`. */
export function epointSignature(privateKey: string, data: string): string {
  return createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');
}

export function epointEncode(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

interface EpointResultFields {
  order_id?: string;
  card_id?: string;
  status?: string;
  code?: string;
  message?: string;
  transaction?: string;
  card_mask?: string;
  amount?: number | string;
}

function resultOf(fields: EpointResultFields, paymentId?: string): PaymentResult {
  // "000" is approved (DESIGN §5); a success without a code is read the same way.
  const approved = fields.code === '000' || (fields.status === 'success' && fields.code === undefined);
  return {
    paymentId: fields.order_id ?? paymentId ?? '',
    status: approved ? 'approved' : fields.status === 'error' ? 'failed' : 'declined',
    transaction: fields.transaction ?? null,
    cardMask: fields.card_mask ?? null,
    amount: toMinor(fields.amount),
    code: fields.code ?? null,
    message: fields.message ?? null,
    cause: approved ? null : bankCodeCause(fields.code),
  };
}

/**
 * Epoint.az (DESIGN §5). Requests are form posts of `data` (base64 JSON) and `signature`;
 * Epoint answers HTTP 200 on errors too, so `status` decides.
 */
export function epointProvider(config: EpointConfig): PaymentProvider {
  async function call(path: string, payload: Record<string, unknown>) {
    const data = epointEncode({ public_key: config.publicKey, ...payload });
    let response: Response;
    try {
      response = await fetch(new URL(path, config.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data, signature: epointSignature(config.privateKey, data) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderError(`Epoint unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ProviderError(`Epoint answered HTTP ${response.status}`);
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw new ProviderError('Epoint answered with something that is not JSON');
    }
  }

  return {
    name: 'epoint',

    async start(request) {
      const reply = await call('/api/1/request', {
        amount: toDecimal(request.amount),
        currency: request.currency,
        language: request.language,
        order_id: request.paymentId,
        description: request.description,
        success_redirect_url: request.successUrl,
        error_redirect_url: request.errorUrl,
      });
      if (reply.status !== 'success' || typeof reply.redirect_url !== 'string') {
        throw new ProviderError(`Epoint refused the payment: ${String(reply.message ?? reply.status)}`);
      }
      return {
        redirectUrl: reply.redirect_url,
        transaction: typeof reply.transaction === 'string' ? reply.transaction : null,
      };
    },

    verifyCallback(body) {
      return resultOf(readSignedResult<EpointResultFields>(body, (data) => epointSignature(config.privateKey, data)));
    },

    async status(payment) {
      if (!payment.transaction) return null;
      const reply = (await call('/api/1/get-status', { transaction: payment.transaction })) as EpointResultFields;
      // Still at the bank's page, or unknown: no verdict yet.
      if (reply.status === 'new' || reply.status === 'progress' || reply.status === undefined) return null;
      // An error about the request itself (no bank code: unknown transaction, bad signature) is no
      // verdict on the payment: a later callback must still be able to settle it.
      if (reply.status === 'error' && reply.code === undefined) return null;
      return resultOf(reply, payment.id);
    },

    async reverse(payment, amount) {
      if (!payment.transaction) return { ok: false, message: 'No transaction to reverse' };
      const reply = await call('/api/1/reverse', {
        language: 'az',
        transaction: payment.transaction,
        currency: 'AZN',
        amount: toDecimal(amount),
      });
      return { ok: reply.status === 'success', message: typeof reply.message === 'string' ? reply.message : null };
    },

    // A card saved without a payment (`refund: 0`: a card to charge, not to pay out to).
    async registerCard(request) {
      const reply = await call('/api/1/card-registration', {
        language: request.language,
        refund: 0,
        description: request.description,
        success_redirect_url: request.successUrl,
        error_redirect_url: request.errorUrl,
      });
      if (reply.status !== 'success' || typeof reply.redirect_url !== 'string' || typeof reply.card_id !== 'string') {
        throw new ProviderError(`Epoint refused the card registration: ${String(reply.message ?? reply.status)}`);
      }
      return { redirectUrl: reply.redirect_url, token: reply.card_id };
    },

    verifyCardCallback(body) {
      const fields = readSignedResult<EpointResultFields>(
        body,
        (data) => epointSignature(config.privateKey, data),
        'card_id',
      );
      const result = resultOf(fields);
      return {
        token: fields.card_id as string,
        status: result.status === 'approved' ? 'saved' : 'failed',
        cardMask: result.cardMask,
        code: result.code,
        message: result.message,
        cause: result.cause,
      };
    },

    // The verdict comes in the reply: Epoint posts no result for a saved card's charge.
    async charge(request) {
      const reply = (await call('/api/1/execute-pay', {
        language: request.language,
        card_id: request.cardToken,
        order_id: request.chargeId,
        amount: toDecimal(request.amount),
        currency: request.currency,
        description: request.description,
      })) as EpointResultFields;
      return resultOf(reply, request.chargeId);
    },
  };
}
