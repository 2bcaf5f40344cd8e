import type { Checkout } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  orderStatus,
  placeOrder,
  productBody,
  query,
  stockOf,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { type EpointStandIn, startEpointStandIn } from '../../testing/epoint-stand-in.js';

/**
 * Card payments through Epoint (DESIGN §5), against the local stand-in over real HTTP: the shop
 * listens on 127.0.0.1, the stand-in posts its signed results to the shop's result URL.
 */

let standIn: EpointStandIn;
let t: TestApp;
let shopUrl: string;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let tariff: { id: string };

beforeAll(async () => {
  standIn = await startEpointStandIn();
  t = await createTestApp({
    payments: {
      provider: 'epoint',
      sandboxSecret: 'unused-in-epoint-mode-0123456789',
      epoint: { publicKey: standIn.publicKey, privateKey: standIn.privateKey, apiUrl: standIn.url },
    },
  });
  shopUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  standIn.resultUrl = `${shopUrl}/api/Payment/result/epoint`;
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

interface Placed {
  productId: string;
  uniqueCode: string;
  order: Checkout;
}

/** A shopper who placed an order for `quantity` units at 24.99 AZN, plus 5 AZN delivery. */
async function placed(options: { stock?: number; quantity?: number } = {}): Promise<Placed> {
  const item = await createProduct(
    t.app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, { stock: options.stock ?? 5, price: 2499 }),
  );
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id, { quantity: options.quantity ?? 1 }));
  const order = await placeOrder(
    t.app,
    await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id),
    uniqueCode,
  );
  return { productId: item.id, uniqueCode, order };
}

/** POST /api/Payment/start over HTTP, as the shopper's browser does. */
async function start(orderId: string, uniqueCode: string) {
  const response = await fetch(`${shopUrl}/api/Payment/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ orderId, uniqueCode }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: { redirectUrl: string; paymentId: string };
      error?: { code: string; message: string };
    },
  };
}

async function startOk(orderId: string, uniqueCode: string) {
  const { status, body } = await start(orderId, uniqueCode);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!;
}

/** The shopper presses a button on Epoint's card page; returns where the browser is sent. */
async function onCardPage(redirectUrl: string, action: 'approve' | 'decline' | 'insufficient') {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return String(response.headers.get('location'));
}

const transactionOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').pop() as string;

const paymentsOf = (orderId: string) =>
  query<{ id: string; status: string; transaction: string | null; amount: number }>(
    t.ctx,
    sql`select id, status, transaction, amount from payments where order_id = ${orderId} order by created_at, id`,
  );

const eventsOf = (orderId: string) =>
  query<{ kind: string; data: Record<string, unknown> }>(
    t.ctx,
    sql`select kind, data from order_events where order_id = ${orderId} order by created_at`,
  );

/** Posts a result to the shop's Epoint result URL as a form, like Epoint. */
async function postResult(fields: Record<string, string>) {
  const response = await fetch(`${shopUrl}/api/Payment/result/epoint`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; error?: { code: string } } };
}

describe('how the store takes payment', () => {
  it('a platform on Epoint takes real cards: the owner sees it live', async () => {
    const settings = dataOf<{ provider: string; live: boolean }>(
      await call(t.app, owner.token, 'GET', `/api/PaymentSettings/${owner.market.id}`),
    );
    expect([settings.provider, settings.live]).toEqual(['epoint', true]);
  });
});

describe('starting an Epoint payment', () => {
  it('sends Epoint a correctly signed request for the order’s amount in AZN and the shopper to its card page', async () => {
    const { uniqueCode, order } = await placed({ quantity: 2 });
    expect(order.total).toBe(2 * 2499 + 500);
    const before = standIn.calls.length;
    const { redirectUrl, paymentId } = await startOk(order.id, uniqueCode);

    const call = standIn.calls[before]!;
    expect(call.path).toBe('/api/1/request');
    expect(call.signatureValid).toBe(true);
    expect(call.payload).toEqual({
      public_key: standIn.publicKey,
      amount: 54.98,
      currency: 'AZN',
      language: 'en',
      order_id: paymentId,
      description: order.name,
      success_redirect_url: `${shopUrl}/card-success?orderId=${order.id}`,
      error_redirect_url: `${shopUrl}/card-failed?orderId=${order.id}`,
    });
    expect(call.reply).toMatchObject({ status: 'success' });
    const transaction = call.reply.transaction as string;
    expect(redirectUrl).toBe(`${standIn.url}/pay/${transaction}`);
    expect(await paymentsOf(order.id)).toEqual([{ id: paymentId, status: 'started', transaction, amount: 5498 }]);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
  });
});

describe('Epoint’s result', () => {
  it('an approved result posted to the shop makes the order paid and sells the stock', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 4, quantity: 2 });
    const { redirectUrl, paymentId } = await startOk(order.id, uniqueCode);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 4, reserved: 2 });

    const landing = await onCardPage(redirectUrl, 'approve');
    expect(landing).toBe(`${shopUrl}/card-success?orderId=${order.id}`);
    const callback = standIn.callbacks.at(-1)!;
    expect(callback.status).toBe(200);
    expect(JSON.parse(callback.body)).toEqual({ data: { received: true, applied: true } });

    const status = await orderStatus(t.app, order.id, uniqueCode);
    expect(status).toMatchObject({ paymentStatus: 'paid', cardMask: '416973******0008' });
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 0 });
    expect(await paymentsOf(order.id)).toMatchObject([{ id: paymentId, status: 'approved' }]);
  });

  it('a declined result fails the payment and gives the units back; a retry pays', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 2, quantity: 2 });
    const first = await startOk(order.id, uniqueCode);
    expect(await onCardPage(first.redirectUrl, 'insufficient')).toBe(`${shopUrl}/card-failed?orderId=${order.id}`);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 0 });

    const retry = await startOk(order.id, uniqueCode);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 2 });
    await onCardPage(retry.redirectUrl, 'approve');
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['declined', 'approved']);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 0, reserved: 0 });
  });

  it('the bank’s reason goes on the timeline as a cause the panel translates; an unknown code keeps Epoint’s words', async () => {
    const known = await placed();
    const { redirectUrl } = await startOk(known.order.id, known.uniqueCode);
    await onCardPage(redirectUrl, 'insufficient');
    expect((await eventsOf(known.order.id)).find((e) => e.kind === 'payment_failed')?.data).toMatchObject({
      code: '116',
      cause: 'insufficient_funds',
      reason: 'Decline, not sufficient funds',
    });

    // A code we have no text for: no cause, and the provider's own words stay as the detail.
    const unknown = await placed();
    const { paymentId } = await startOk(unknown.order.id, unknown.uniqueCode);
    const result = standIn.sign({
      order_id: paymentId,
      status: 'failed',
      code: '902',
      message: 'Decline reason: invalid transaction',
      transaction: `te-unknown-${paymentId.slice(0, 8)}`,
      amount: unknown.order.total / 100,
    });
    expect((await postResult(result)).status).toBe(200);
    const failed = (await eventsOf(unknown.order.id)).find((e) => e.kind === 'payment_failed');
    expect(failed?.data).toMatchObject({ code: '902', cause: null, reason: 'Decline reason: invalid transaction' });
  });

  it('a replayed result changes nothing', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const { redirectUrl } = await startOk(order.id, uniqueCode);
    await onCardPage(redirectUrl, 'approve');
    const original = standIn.callbacks.at(-1)!;
    for (let i = 0; i < 2; i++) {
      const replay = await postResult({ data: original.data, signature: original.signature });
      expect(replay).toEqual({ status: 200, body: { data: { received: true, applied: false } } });
    }
    // Epoint posting the same result again by itself is just as harmless.
    const again = await standIn.deliver(transactionOf(redirectUrl));
    expect(JSON.parse(again.body)).toEqual({ data: { received: true, applied: false } });
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 4, reserved: 0 });
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['approved']);
  });

  it('a forged result is refused and changes nothing', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const { paymentId } = await startOk(order.id, uniqueCode);
    const approved = {
      order_id: paymentId,
      status: 'success',
      code: '000',
      message: 'Approved',
      transaction: 'te-forged',
      card_mask: '416973******0008',
      amount: order.total / 100,
    };
    const withWrongKey = standIn.sign(approved, 'not-the-private-key');
    const genuine = standIn.sign(approved);
    const flipped = `${genuine.signature.startsWith('A') ? 'B' : 'A'}${genuine.signature.slice(1)}`;
    for (const fields of [
      withWrongKey,
      { data: genuine.data, signature: flipped },
      { data: genuine.data, signature: genuine.signature.toLowerCase() },
      { data: `${genuine.data} `, signature: genuine.signature },
      { data: genuine.data },
      { signature: genuine.signature },
    ]) {
      const response = await postResult(fields as Record<string, string>);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error?.code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'started' }]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 1 });
  });

  it('a signed result naming a transaction another payment has is refused: 409, logged, nothing changed', async () => {
    const first = await placed({ stock: 5, quantity: 1 });
    const paidFirst = await startOk(first.order.id, first.uniqueCode);
    await onCardPage(paidFirst.redirectUrl, 'approve');
    const takenTransaction = transactionOf(paidFirst.redirectUrl);

    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const { paymentId } = await startOk(order.id, uniqueCode);
    const result = standIn.sign({
      order_id: paymentId,
      status: 'success',
      code: '000',
      message: 'Approved',
      transaction: takenTransaction,
      card_mask: '416973******0008',
      amount: order.total / 100,
    });
    const logged: unknown[] = [];
    const error = t.ctx.log.error.bind(t.ctx.log);
    t.ctx.log.error = ((...args: unknown[]) => {
      logged.push(args);
      return (error as (...a: unknown[]) => void)(...args);
    }) as typeof t.ctx.log.error;
    try {
      for (let i = 0; i < 2; i++) {
        const response = await postResult(result);
        expect(response.status).toBe(409);
        expect(response.body.error?.code).toBe('PAYMENT_TRANSACTION_TAKEN');
      }
    } finally {
      t.ctx.log.error = error;
    }
    expect(JSON.stringify(logged)).toContain('its transaction belongs to another payment');
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(await paymentsOf(order.id)).toMatchObject([{ id: paymentId, status: 'started' }]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 1 });
    expect((await orderStatus(t.app, first.order.id, first.uniqueCode)).paymentStatus).toBe('paid');
    // The genuine result of this payment still pays it.
    await onCardPage((await paymentsOf(order.id)).map((p) => `${standIn.url}/pay/${p.transaction}`)[0]!, 'approve');
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
  });

  it('two tabs paid: one payment counts, the other is reversed at Epoint', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 2 });
    const tabA = await startOk(order.id, uniqueCode);
    const tabB = await startOk(order.id, uniqueCode);
    await Promise.all([onCardPage(tabA.redirectUrl, 'approve'), onCardPage(tabB.redirectUrl, 'approve')]);

    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    const statuses = (await paymentsOf(order.id)).map((p) => p.status).sort();
    expect(statuses).toEqual(['approved', 'reversed']);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    // Epoint got a signed reverse of the whole second payment, and gave the money back.
    const reversedTx = (await paymentsOf(order.id)).find((p) => p.status === 'reversed')!.transaction!;
    const reverse = standIn.calls.find((c) => c.path === '/api/1/reverse' && c.payload?.transaction === reversedTx)!;
    expect(reverse.signatureValid).toBe(true);
    expect(reverse.payload).toMatchObject({ transaction: reversedTx, currency: 'AZN', amount: order.total / 100 });
    expect(reverse.reply).toMatchObject({ status: 'success' });
    expect(standIn.payments.get(reversedTx)?.status).toBe('returned');
    // The order's timeline says the extra payment went back; the shopper is told so.
    expect(await eventsOf(order.id)).toContainEqual({
      kind: 'payment_returned',
      data: expect.objectContaining({ amount: order.total, cause: 'already_paid', cardMask: '416973******0008' }),
    });
    expect((await orderStatus(t.app, order.id, uniqueCode)).returnedPayments).toEqual([
      { amount: order.total, cardMask: '416973******0008', cause: 'already_paid', returned: true },
    ]);
  });

  it('when the bank took another amount, the order is not paid and exactly that amount goes back', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const { redirectUrl } = await startOk(order.id, uniqueCode);
    const transaction = transactionOf(redirectUrl);
    const callback = await standIn.settle(transaction, 'approve', { charged: 0.01 });
    expect(JSON.parse(callback!.body)).toEqual({ data: { received: true, applied: true } });

    const status = await orderStatus(t.app, order.id, uniqueCode);
    expect(status.paymentStatus).toBe('failed');
    expect(status.paidAt).toBeNull();
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 0 });
    const reverse = standIn.calls.find((c) => c.path === '/api/1/reverse' && c.payload?.transaction === transaction)!;
    expect(reverse.payload).toMatchObject({ amount: 0.01, currency: 'AZN' });
    expect(reverse.reply).toMatchObject({ status: 'success' });
    expect(standIn.payments.get(transaction)?.status).toBe('returned');
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'reversed' }]);
    expect(await eventsOf(order.id)).toContainEqual({
      kind: 'payment_returned',
      data: expect.objectContaining({ amount: 1, cause: 'amount_mismatch' }),
    });
    expect((await orderStatus(t.app, order.id, uniqueCode)).returnedPayments).toEqual([
      { amount: 1, cardMask: '416973******0008', cause: 'amount_mismatch', returned: true },
    ]);
  });
});

describe('asking Epoint when the result does not arrive', () => {
  const age = (paymentId: string, seconds: number) =>
    t.ctx.db.execute(
      sql`update payments set created_at = now() - make_interval(secs => ${seconds}) where id = ${paymentId}`,
    );
  const statusCalls = (transaction: string) =>
    standIn.calls.filter((c) => c.path === '/api/1/get-status' && c.payload?.transaction === transaction);

  it('after five seconds pending, the order status asks Epoint, and an approved payment makes it paid', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 3, quantity: 1 });
    const { redirectUrl, paymentId } = await startOk(order.id, uniqueCode);
    const transaction = transactionOf(redirectUrl);
    // The bank approves, but the result never reaches the shop.
    expect(await standIn.settle(transaction, 'approve', { deliver: false })).toBeNull();

    // Within the first seconds the shop waits for the result instead of asking.
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(statusCalls(transaction)).toEqual([]);

    await age(paymentId, 6);
    const status = await orderStatus(t.app, order.id, uniqueCode);
    expect(status).toMatchObject({ paymentStatus: 'paid', cardMask: '416973******0008' });
    const [asked] = statusCalls(transaction);
    expect(asked?.signatureValid).toBe(true);
    expect(asked?.payload).toEqual({ public_key: standIn.publicKey, transaction });
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 0 });

    // The late result, when it finally comes, changes nothing.
    const late = await standIn.deliver(transaction);
    expect(JSON.parse(late.body)).toEqual({ data: { received: true, applied: false } });
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 0 });
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['approved']);
  });

  it('while the shopper is still on the card page, the order stays pending; a decline found by asking fails it', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 3, quantity: 1 });
    const { redirectUrl, paymentId } = await startOk(order.id, uniqueCode);
    const transaction = transactionOf(redirectUrl);
    await age(paymentId, 30);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(statusCalls(transaction)).toHaveLength(1);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 1 });

    await standIn.settle(transaction, 'decline', { deliver: false });
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
  });
});

describe('Epoint unreachable', () => {
  it('answers PAYMENT_PROVIDER_ERROR and the order is not left pending', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 3, quantity: 1 });
    await standIn.stop();
    try {
      const { status, body } = await start(order.id, uniqueCode);
      expect(status).toBe(502);
      expect(body.error).toEqual({
        code: 'PAYMENT_PROVIDER_ERROR',
        message: 'The payment service did not answer. Try again',
      });
      expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
      expect(await paymentsOf(order.id)).toMatchObject([{ status: 'failed', transaction: null }]);
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    } finally {
      await standIn.start();
    }
    // Back up: "Try again" works.
    const { redirectUrl } = await startOk(order.id, uniqueCode);
    await onCardPage(redirectUrl, 'approve');
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
  });
});

describe('the stand-in', () => {
  it('checks signatures byte for byte, as Epoint does', async () => {
    const request = (fields: { data: string; signature: string }) =>
      fetch(`${standIn.url}/api/1/get-status`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }).then((r) => r.json() as Promise<{ status: string; message?: string }>);
    const signed = standIn.sign({ public_key: standIn.publicKey, transaction: 'te-none' });
    expect(await request(signed)).toEqual({ status: 'error', message: 'Transaction not found' });
    const last = signed.signature.slice(-2, -1) === 'A' ? 'B' : 'A';
    const oneOff = `${signed.signature.slice(0, -2)}${last}${signed.signature.slice(-1)}`;
    expect(await request({ data: signed.data, signature: oneOff })).toEqual({
      status: 'error',
      message: 'Signature is invalid',
    });
    const wrongPublic = standIn.sign({ public_key: 'i-someone-else', transaction: 'te-none' });
    expect(await request(wrongPublic)).toEqual({ status: 'error', message: 'Invalid public key' });
  });
});

it('in Epoint mode there is no sandbox: its page and its result URL are not found', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/sandbox-pay/8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90' });
  expect(page.statusCode).toBe(404);
  const response = await fetch(`${shopUrl}/api/Payment/result/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: 'x', signature: 'y' }),
  });
  expect(response.status).toBe(404);
});
