import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Epoint.az (DESIGN §5) that speaks its protocol over real HTTP, so the
 * shop's provider is tested end to end without the bank:
 *
 * - `POST /api/1/request`, `/api/1/get-status`, `/api/1/reverse`: form fields `data` (base64
 *   JSON) and `signature` = base64(sha1_raw(private_key + data + private_key)), checked byte for
 *   byte; answers are JSON with HTTP 200 even on errors (`{ status: 'error', message }`).
 * - `/pay/{transaction}`: the card page the shopper is sent to. A test drives it with a form POST
 *   (`action` = approve | decline | insufficient); the stand-in then POSTs the signed result
 *   (`data` + `signature`, form-encoded) to the shop's result URL, like Epoint does, and sends the
 *   browser on to the success or error URL.
 *
 * It keeps everything it received and sent, for tests to inspect. The signature is computed here
 * independently of the shop's code, so a mistake there cannot hide behind the same mistake here.
 */

export interface StandInPayment {
  transaction: string;
  orderId: string;
  /** AZN as Epoint writes it (decimal), as the shop asked. */
  amount: number;
  currency: string;
  language: string;
  description: string;
  successRedirectUrl: string;
  errorRedirectUrl: string;
  /** new: at the card page; success / failed: the bank's verdict; returned: given back. */
  status: 'new' | 'success' | 'failed' | 'returned';
  code: string | null;
  message: string | null;
  cardMask: string | null;
  /** AZN actually charged: the amount asked for, unless a test makes the bank charge another. */
  charged: number;
  /** AZN given back through /api/1/reverse. */
  reversed: number;
}

/** A card saved through `/api/1/card-registration` (the platform's subscription). */
export interface StandInCard {
  cardId: string;
  language: string;
  description: string;
  successRedirectUrl: string;
  errorRedirectUrl: string;
  /** new: at the card page; registered / failed: the page's outcome. */
  status: 'new' | 'registered' | 'failed';
  cardMask: string | null;
  /** What the bank answers when the saved card is charged (`/api/1/execute-pay`). */
  charges: 'approve' | 'decline' | 'insufficient';
}

/** A charge of a saved card, as `/api/1/execute-pay` received and answered it. */
export interface StandInCharge {
  orderId: string;
  cardId: string;
  amount: number;
  transaction: string;
  code: string;
}

/** One call the shop made to the API, as received. */
export interface ReceivedCall {
  path: string;
  data: string;
  signature: string;
  /** Whether `signature` was exactly the one computed from `data` with the private key. */
  signatureValid: boolean;
  payload: Record<string, unknown> | null;
  /** What the stand-in answered. */
  reply: Record<string, unknown>;
}

/** One result posted to the shop. */
export interface SentCallback {
  transaction: string;
  data: string;
  signature: string;
  status: number;
  body: string;
}

export interface EpointStandIn {
  /** Base URL, e.g. http://127.0.0.1:41234: the shop's EPOINT_API_URL. */
  readonly url: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** Where results are POSTed (the shop's /api/Payment/result/epoint); set once the shop listens. */
  resultUrl: string | null;
  readonly calls: ReceivedCall[];
  readonly callbacks: SentCallback[];
  readonly payments: Map<string, StandInPayment>;
  readonly cards: Map<string, StandInCard>;
  readonly charges: StandInCharge[];
  /**
   * The card page's outcome for a registration, posted to the shop as Epoint does (`deliver:
   * false` loses it). `charges` decides what later charges of the card answer.
   */
  registerCard(
    cardId: string,
    verdict: 'approve' | 'decline',
    options?: { deliver?: boolean; charges?: StandInCard['charges'] },
  ): Promise<SentCallback | null>;
  /** Posts a card registration's signed result to the shop (again). */
  deliverCard(cardId: string): Promise<SentCallback>;
  /** The payment the shop registered under its order_id (our payment id). */
  paymentFor(orderId: string): StandInPayment | undefined;
  /** Signs `payload` as Epoint does: { data, signature }. */
  sign(payload: Record<string, unknown>, privateKey?: string): { data: string; signature: string };
  /**
   * The bank's verdict on a payment, as the card page would give it. `deliver: false` loses the
   * callback (the shop must ask /get-status); `charged` makes the bank take another amount.
   */
  settle(
    transaction: string,
    verdict: 'approve' | 'decline' | 'insufficient',
    options?: { deliver?: boolean; charged?: number },
  ): Promise<SentCallback | null>;
  /** Posts the signed result of a settled payment to the shop (again). */
  deliver(transaction: string): Promise<SentCallback>;
  /** Stops answering (the provider is down); `start` answers again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** base64(sha1_raw(private_key + data + private_key)), written out here on its own. */
function signatureOf(privateKey: string, data: string) {
  const hash = createHash('sha1');
  hash.update(Buffer.from(privateKey + data + privateKey, 'utf8'));
  return hash.digest().toString('base64');
}

const VERDICTS = {
  approve: { status: 'success', code: '000', message: 'Approved' },
  decline: { status: 'failed', code: '100', message: 'Declined (general, no comments)' },
  insufficient: { status: 'failed', code: '116', message: 'Decline, not sufficient funds' },
} as const;

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decode(data: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startEpointStandIn(
  keys: { publicKey?: string; privateKey?: string } = {},
): Promise<EpointStandIn> {
  const publicKey = keys.publicKey ?? `i${randomBytes(6).toString('hex')}`;
  const privateKey = keys.privateKey ?? randomBytes(24).toString('base64');
  const payments = new Map<string, StandInPayment>();
  const cards = new Map<string, StandInCard>();
  const charges: StandInCharge[] = [];
  const calls: ReceivedCall[] = [];
  const callbacks: SentCallback[] = [];
  let port = 0;
  let url = '';

  const sign = (payload: Record<string, unknown>, key = privateKey) => {
    const data = Buffer.from(JSON.stringify(payload)).toString('base64');
    return { data, signature: signatureOf(key, data) };
  };

  /** The result fields Epoint reports for a payment (callback and status query alike). */
  const resultFields = (p: StandInPayment) => ({
    order_id: p.orderId,
    status: p.status,
    code: p.code,
    message: p.message,
    transaction: p.transaction,
    bank_transaction: `bt${p.transaction.slice(2)}`,
    bank_response: p.code === '000' ? 'APPROVED' : 'DECLINED',
    operation_code: '100',
    rrn: p.code === '000' ? '412345678901' : null,
    card_name: p.cardMask ? 'AYSEL MAMMADOVA' : null,
    card_mask: p.cardMask,
    amount: p.charged,
  });

  const api: Record<string, (payload: Record<string, unknown>) => Record<string, unknown>> = {
    '/api/1/request': (payload) => {
      const amount = payload.amount;
      if (typeof amount !== 'number' || !(amount >= 0.01)) return { status: 'error', message: 'Invalid amount' };
      if (payload.currency !== 'AZN') return { status: 'error', message: 'Invalid currency' };
      if (typeof payload.order_id !== 'string' || !payload.order_id) {
        return { status: 'error', message: 'order_id is required' };
      }
      const transaction = `te${randomBytes(8).toString('hex')}`;
      payments.set(transaction, {
        transaction,
        orderId: payload.order_id,
        amount,
        currency: payload.currency,
        language: String(payload.language ?? 'az'),
        description: String(payload.description ?? ''),
        successRedirectUrl: String(payload.success_redirect_url ?? ''),
        errorRedirectUrl: String(payload.error_redirect_url ?? ''),
        status: 'new',
        code: null,
        message: null,
        cardMask: null,
        charged: amount,
        reversed: 0,
      });
      return { status: 'success', transaction, redirect_url: `${url}/pay/${transaction}` };
    },
    '/api/1/card-registration': (payload) => {
      if (typeof payload.success_redirect_url !== 'string' || typeof payload.error_redirect_url !== 'string') {
        return { status: 'error', message: 'Redirect URLs are required' };
      }
      const cardId = `ce${randomBytes(8).toString('hex')}`;
      cards.set(cardId, {
        cardId,
        language: String(payload.language ?? 'az'),
        description: String(payload.description ?? ''),
        successRedirectUrl: payload.success_redirect_url,
        errorRedirectUrl: payload.error_redirect_url,
        status: 'new',
        cardMask: null,
        charges: 'approve',
      });
      return { status: 'success', redirect_url: `${url}/card/${cardId}`, card_id: cardId };
    },
    '/api/1/execute-pay': (payload) => {
      const card = cards.get(String(payload.card_id));
      if (card?.status !== 'registered') return { status: 'error', message: 'Card not found' };
      const amount = payload.amount;
      if (typeof amount !== 'number' || !(amount >= 0.01)) return { status: 'error', message: 'Invalid amount' };
      if (payload.currency !== 'AZN') return { status: 'error', message: 'Invalid currency' };
      if (typeof payload.order_id !== 'string' || !payload.order_id) {
        return { status: 'error', message: 'order_id is required' };
      }
      if (charges.some((c) => c.orderId === payload.order_id))
        return { status: 'error', message: 'Duplicate order_id' };
      const outcome = VERDICTS[card.charges];
      const transaction = `te${randomBytes(8).toString('hex')}`;
      charges.push({ orderId: payload.order_id, cardId: card.cardId, amount, transaction, code: outcome.code });
      return {
        status: outcome.status,
        code: outcome.code,
        message: outcome.message,
        transaction,
        bank_transaction: `bt${transaction.slice(2)}`,
        bank_response: outcome.code === '000' ? 'APPROVED' : 'DECLINED',
        operation_code: '100',
        rrn: outcome.code === '000' ? '412345678902' : null,
        card_name: 'AYSEL MAMMADOVA',
        card_mask: card.cardMask,
        amount,
      };
    },
    '/api/1/get-status': (payload) => {
      const p = payments.get(String(payload.transaction));
      if (!p) return { status: 'error', message: 'Transaction not found' };
      if (p.status === 'new') return { status: 'new', transaction: p.transaction, order_id: p.orderId };
      // The status query names a declined payment "error" (the callback says "failed").
      return { ...resultFields(p), status: p.status === 'failed' ? 'error' : p.status };
    },
    '/api/1/reverse': (payload) => {
      const p = payments.get(String(payload.transaction));
      if (p?.status !== 'success') return { status: 'error', message: 'Transaction not found or not paid' };
      if (payload.currency !== 'AZN') return { status: 'error', message: 'Invalid currency' };
      const left = Math.round((p.charged - p.reversed) * 100);
      const asked = payload.amount === undefined ? left : Math.round(Number(payload.amount) * 100);
      if (!Number.isFinite(asked) || asked <= 0 || asked > left) {
        return { status: 'error', message: 'Amount exceeds the paid amount' };
      }
      p.reversed = (p.reversed * 100 + asked) / 100;
      if (Math.round(p.reversed * 100) === Math.round(p.charged * 100)) p.status = 'returned';
      return { status: 'success', message: 'Reversed' };
    },
  };

  async function deliver(transaction: string): Promise<SentCallback> {
    const p = payments.get(transaction);
    if (!p || p.status === 'new') throw new Error(`payment ${transaction} has no result to deliver`);
    if (!standIn.resultUrl) throw new Error('the stand-in has no result URL to post to');
    const { data, signature } = sign({ ...resultFields(p), status: p.code === '000' ? 'success' : 'failed' });
    const response = await fetch(standIn.resultUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data, signature }),
    });
    const sent = { transaction, data, signature, status: response.status, body: await response.text() };
    callbacks.push(sent);
    return sent;
  }

  /** What Epoint posts about a card registration: the card, its verdict, no order of the shop's. */
  const cardFields = (card: StandInCard) => ({
    card_id: card.cardId,
    status: card.status === 'registered' ? 'success' : 'failed',
    code: card.status === 'registered' ? '000' : '100',
    message: card.status === 'registered' ? 'Card registered' : 'Declined (general, no comments)',
    operation_code: '001',
    bank_response: card.status === 'registered' ? 'APPROVED' : 'DECLINED',
    card_name: card.status === 'registered' ? 'AYSEL MAMMADOVA' : null,
    card_mask: card.cardMask,
  });

  async function deliverCard(cardId: string): Promise<SentCallback> {
    const card = cards.get(cardId);
    if (!card || card.status === 'new') throw new Error(`card ${cardId} has no result to deliver`);
    if (!standIn.resultUrl) throw new Error('the stand-in has no result URL to post to');
    const { data, signature } = sign(cardFields(card));
    const response = await fetch(standIn.resultUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data, signature }),
    });
    const sent = { transaction: cardId, data, signature, status: response.status, body: await response.text() };
    callbacks.push(sent);
    return sent;
  }

  async function registerCard(
    cardId: string,
    verdict: 'approve' | 'decline',
    options: { deliver?: boolean; charges?: StandInCard['charges'] } = {},
  ) {
    const card = cards.get(cardId);
    if (!card) throw new Error(`unknown card ${cardId}`);
    if (card.status !== 'new') throw new Error(`card ${cardId} is already ${card.status}`);
    card.status = verdict === 'approve' ? 'registered' : 'failed';
    card.cardMask = verdict === 'approve' ? '416973******0008' : null;
    card.charges = options.charges ?? 'approve';
    return options.deliver === false ? null : deliverCard(cardId);
  }

  async function settle(
    transaction: string,
    verdict: 'approve' | 'decline' | 'insufficient',
    options: { deliver?: boolean; charged?: number } = {},
  ) {
    const p = payments.get(transaction);
    if (!p) throw new Error(`unknown transaction ${transaction}`);
    if (p.status !== 'new') throw new Error(`payment ${transaction} is already ${p.status}`);
    const outcome = VERDICTS[verdict];
    p.status = outcome.status;
    p.code = outcome.code;
    p.message = outcome.message;
    p.cardMask = '416973******0008';
    p.charged = outcome.code === '000' ? (options.charged ?? p.amount) : 0;
    return options.deliver === false ? null : deliver(transaction);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const json = (body: Record<string, unknown>) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const pay = /^\/pay\/([a-z0-9]+)$/.exec(path);
    if (pay) {
      const p = payments.get(pay[1] as string);
      if (!p) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><title>Epoint</title><p>${p.description}: ${p.amount.toFixed(2)} ${p.currency}</p>` +
            '<form method="post"><button name="action" value="approve">Pay</button>' +
            '<button name="action" value="decline">Cancel</button></form>',
        );
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      const action = form.get('action');
      if (action !== 'approve' && action !== 'decline' && action !== 'insufficient') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown action');
        return;
      }
      await settle(p.transaction, action);
      response.writeHead(303, { location: action === 'approve' ? p.successRedirectUrl : p.errorRedirectUrl });
      response.end();
      return;
    }
    const cardPage = /^\/card\/([a-z0-9]+)$/.exec(path);
    if (cardPage) {
      const card = cards.get(cardPage[1] as string);
      if (!card) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><title>Epoint</title><p>${card.description}</p>` +
            '<form method="post"><button name="action" value="approve">Save</button>' +
            '<button name="action" value="decline">Cancel</button></form>',
        );
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      const action = form.get('action');
      if (action !== 'approve' && action !== 'decline') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown action');
        return;
      }
      await registerCard(card.cardId, action);
      response.writeHead(303, { location: action === 'approve' ? card.successRedirectUrl : card.errorRedirectUrl });
      response.end();
      return;
    }
    const endpoint = api[path];
    if (request.method !== 'POST' || !endpoint) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error","message":"Not found"}');
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    const data = form.get('data') ?? '';
    const signature = form.get('signature') ?? '';
    const signatureValid = data !== '' && signature === signatureOf(privateKey, data);
    const payload = decode(data);
    let reply: Record<string, unknown>;
    if (!signatureValid) reply = { status: 'error', message: 'Signature is invalid' };
    else if (!payload || payload.public_key !== publicKey) reply = { status: 'error', message: 'Invalid public key' };
    else reply = endpoint(payload);
    calls.push({ path, data, signature, signatureValid, payload, reply });
    json(reply);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        url = `http://127.0.0.1:${port}`;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();

  const standIn: EpointStandIn = {
    get url() {
      return url;
    },
    publicKey,
    privateKey,
    resultUrl: null,
    calls,
    callbacks,
    payments,
    cards,
    charges,
    registerCard,
    deliverCard,
    paymentFor: (orderId) => [...payments.values()].find((p) => p.orderId === orderId),
    sign,
    settle,
    deliver,
    stop,
    start: listen,
    close: stop,
  };
  return standIn;
}
