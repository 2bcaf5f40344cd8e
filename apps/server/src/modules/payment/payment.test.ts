import { type Basket, type Checkout, formatMoney, SANDBOX_CARDS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEncode, sandboxSign } from '../../platform/payments/sandbox.js';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  inDays,
  mailbox,
  orderStatus,
  placeOrder,
  productBody,
  query,
  shop,
  startPayment,
  stockOf,
  submitSandboxPage,
  type TestApp,
  uniqueEmail,
  visitor,
} from '../../testing/app.js';
import { CheckoutService } from '../checkout/service.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let tariff: { id: string; price: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
});

interface Placed {
  productId: string;
  uniqueCode: string;
  email: string;
  order: Checkout;
}

/** A shopper who has placed an order for `quantity` units of a new product (2500 qəpik each). */
async function placed(
  options: { stock?: number; quantity?: number; language?: string; fields?: Record<string, unknown> } = {},
): Promise<Placed> {
  const item = await createProduct(
    t.app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, {
      stock: options.stock ?? 5,
      price: 2500,
      ...options.fields,
    }),
  );
  const uniqueCode = visitor();
  const email = uniqueEmail('shopper');
  const language = options.language ?? 'en';
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id, { quantity: options.quantity ?? 2 }, language));
  const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id, { language, email });
  const order = await placeOrder(t.app, checkout, uniqueCode, language);
  return { productId: item.id, uniqueCode, email, order };
}

const paymentsOf = (orderId: string) =>
  query<{ id: string; status: string; amount: number; card_mask: string | null }>(
    t.ctx,
    sql`select id, status, amount, card_mask from payments where order_id = ${orderId} order by created_at, id`,
  );

const basketOf = async (uniqueCode: string) =>
  dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`));

/** Pays on the sandbox page with `card`; returns the path the shopper's browser lands on. */
async function pay(redirectUrl: string, card: string) {
  const response = await submitSandboxPage(t.app, redirectUrl, card);
  expect(response.statusCode, response.body).toBe(303);
  const landing = new URL(String(response.headers.location));
  return `${landing.pathname}${landing.search}`;
}

/** The signed result the sandbox would post for this payment; `fields` tamper with it. */
function signedResult(paymentId: string, amount: number, fields: Record<string, unknown> = {}) {
  return sandboxEncode(t.config.payments.sandboxSecret, {
    order_id: paymentId,
    status: 'success',
    code: '000',
    message: 'Approved',
    transaction: `sbx_test_${paymentId.slice(0, 8)}`,
    card_mask: '424242******4242',
    amount: amount / 100,
    ...fields,
  } as Parameters<typeof sandboxEncode>[1]);
}

const postResult = (body: unknown) => shop(t.app, 'POST', '/api/Payment/result/sandbox', body);

describe('how the store takes payment', () => {
  it('the owner sees the sandbox named as no real money, card payments on, cash on delivery off, and the fee; another merchant sees nothing', async () => {
    const url = `/api/PaymentSettings/${owner.market.id}`;
    expect(dataOf(await call(t.app, owner.token, 'GET', url))).toEqual({
      provider: 'sandbox',
      live: false,
      methods: [
        { method: 'card', enabled: true },
        { method: 'cash', enabled: false },
      ],
      fee: { percentBasisPoints: 350, pointOfSale: 20 },
      cashOnDelivery: { enabled: false, fee: 0, tariffIds: null },
    });
    const stranger = await catalogOwner(t.app);
    expect((await call(t.app, stranger.token, 'GET', url)).statusCode).toBe(404);
  });
});

describe('paying with the sandbox’s test cards', () => {
  it('the approve card: the order is paid, stock sold, basket emptied and a confirmation mailed in the shopper’s language', async () => {
    const { productId, uniqueCode, email, order } = await placed({ stock: 5, quantity: 2, language: 'az' });
    expect(order).toMatchObject({ number: 1001, total: 5500 });
    // Added after the checkout: stays in the basket after paying.
    const extra = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl),
    );
    dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, extra.id));

    const { redirectUrl, paymentId } = await startPayment(t.app, order.id, uniqueCode);
    expect(new URL(redirectUrl).pathname).toBe(`/sandbox-pay/${paymentId}`);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    const page = await t.app.inject({ method: 'GET', url: new URL(redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test ödənişi');
    // Its own icon: without one the browser asks for /favicon.ico and logs the 404.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
    expect(page.body).toMatch(/55[.,]00/);
    // The amount's manat sign: its own face first in the page's font stack (app.css says why).
    expect(page.body).toContain('body{font-family:Manat,');

    expect(await pay(redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-success?orderId=${order.id}`);

    const status = await orderStatus(t.app, order.id, uniqueCode);
    expect(status).toMatchObject({ paymentStatus: 'paid', cardMask: '424242******4242', total: 5500 });
    expect(status.paidAt).not.toBeNull();
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    expect((await basketOf(uniqueCode)).items.map((i) => i.productId)).toEqual([extra.id]);
    expect(await paymentsOf(order.id)).toMatchObject([{ id: paymentId, status: 'approved', amount: 5500 }]);

    const mails = await mailbox(t.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Sifarişiniz qəbul olundu: #1001 · ${owner.market.name}`);
    expect(mails[0]!.text).toContain('Təşəkkür edirik!');
    expect(mails[0]!.text).toContain('Cəmi');
    // Its prices carry the manat sign: the sign's own face leads the font stack, from this
    // deployment's address (a Linux client would draw an empty box behind system-ui).
    const html = mails[0]!.html;
    expect(html).toContain('55,00');
    expect(html).toMatch(/<body style="font-family:Manat,system-ui,/);
    expect(html).toContain(
      `@font-face{font-family:Manat;src:url(${t.config.publicUrl.replace(/\/+$/, '')}/fonts/manat-400.woff2)`,
    );
  });

  it('buying the last units shows the product sold out in the store’s lists at once', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 2, quantity: 2 });
    const listed = async (stock: 'in' | 'out') =>
      dataOf<{ items: { id: string }[] }>(
        await shop(t.app, 'GET', `/api/Products/all/${owner.market.id}?stock=${stock}&pageSize=100`),
      ).items.map((p) => p.id);
    // Read (and cached) before paying: held units do not take a product off the in-stock list.
    expect(await listed('in')).toContain(productId);
    expect(await listed('out')).not.toContain(productId);

    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    expect(await pay(redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-success?orderId=${order.id}`);

    expect(await listed('in')).not.toContain(productId);
    expect(await listed('out')).toContain(productId);
  });

  it('an English shopper gets the confirmation in English', async () => {
    const { uniqueCode, email, order } = await placed({ language: 'en' });
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    await pay(redirectUrl, SANDBOX_CARDS.approve);
    const [mail] = await mailbox(t.app, email);
    expect(mail?.subject).toBe(`Your order is confirmed: ${order.name} · ${owner.market.name}`);
  });

  it('a discounted order’s confirmation shows each line as it was paid, the bundle savings and the code, in the shopper’s language', async () => {
    const make = (price: number) =>
      createProduct(
        t.app,
        owner.token,
        productBody(owner.market.id, owner.category.id, owner.imageUrl, { stock: 5, price, title: `Mug ${price}` }),
      );
    const a = await make(2500);
    const b = await make(1500);
    const discount = (body: Record<string, unknown>) =>
      call(t.app, owner.token, 'POST', '/api/Discount', { marketId: owner.market.id, ...body });
    dataOf(
      await discount({
        kind: 'bundle',
        name: 'Mugs',
        title: 'Better together',
        headerTitle: 'Bundle and save',
        footerText: 'While stocks last',
        buttonText: 'Add the set',
        percent: 20,
        productIds: [a.id, b.id],
        template: 'classic',
        colour: '#0a7d5a',
        timer: { days: 0, hours: 0, minutes: 0, seconds: 0 },
        endsAt: inDays(5),
      }),
      201,
    );
    dataOf(await discount({ kind: 'code', code: 'WINTER', valueType: 'percent', percent: 10, active: true }), 201);

    const mailOf = async (language: string) => {
      const uniqueCode = visitor();
      const email = uniqueEmail('shopper');
      dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, a.id, {}, language));
      dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, b.id, {}, language));
      const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id, { language, email });
      const coded = dataOf<Checkout>(
        await shop(
          t.app,
          'POST',
          '/api/Basket/discount-code',
          { checkoutId: checkout.id, uniqueCode, code: 'winter' },
          language,
        ),
      );
      // The set at 20 % off (25 → 20, 15 → 12), then 10 % off the 32 left, then 5 shipping.
      expect(coded).toMatchObject({ subtotal: 4000, bundleDiscount: 800, discountTotal: 1120, total: 3380 });
      const order = await placeOrder(t.app, coded, uniqueCode, language);
      const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
      await pay(redirectUrl, SANDBOX_CARDS.approve);
      const mails = await mailbox(t.app, email);
      expect(mails).toHaveLength(1);
      return mails[0]!;
    };

    const money = (minor: number) => formatMoney(minor, 'en');
    const en = await mailOf('en');
    expect(en.text).toContain(
      [
        `Mug 2500 × 1 · Bundle: Better together — ${money(1800)} (instead of ${money(2500)})`,
        `Mug 1500 × 1 · Bundle: Better together — ${money(1080)} (instead of ${money(1500)})`,
        '',
        `Subtotal: ${money(4000)}`,
        `Bundle savings: −${money(800)}`,
        `Discount code WINTER: −${money(320)}`,
      ].join('\n'),
    );
    expect(en.text).toContain(`Total: ${money(3380)}`);
    expect(en.html).toContain(`<s style="color:#868e96">${money(2500)}</s> ${money(1800)}`);
    expect(en.html).toContain(`Discount code WINTER</td><td style="padding:4px 0;text-align:right">−${money(320)}`);
    // Between the subtotal and shipping.
    expect(en.html.indexOf('Bundle savings')).toBeGreaterThan(en.html.indexOf('Subtotal'));
    expect(en.html.indexOf('Discount code')).toBeLessThan(en.html.indexOf('Shipping'));

    const az = await mailOf('az');
    expect(az.text).toContain(`Dəst endirimi: −${formatMoney(800, 'az')}`);
    expect(az.text).toContain(`Endirim kodu WINTER: −${formatMoney(320, 'az')}`);
    expect(az.text).toContain(
      `Dəst: Better together — ${formatMoney(1800, 'az')} (${formatMoney(2500, 'az')} əvəzinə)`,
    );
    const ru = await mailOf('ru');
    expect(ru.text).toContain(`Скидка за наборы: −${formatMoney(800, 'ru')}`);
    expect(ru.text).toContain(`Промокод WINTER: −${formatMoney(320, 'ru')}`);
  });

  for (const [name, card] of [
    ['decline', SANDBOX_CARDS.decline],
    ['insufficient funds', SANDBOX_CARDS.insufficientFunds],
  ] as const) {
    it(`the ${name} card: payment failed, units given back, and a retry with the approve card pays`, async () => {
      const { productId, uniqueCode, email, order } = await placed({ stock: 2, quantity: 2 });
      const first = await startPayment(t.app, order.id, uniqueCode);
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 2 });

      expect(await pay(first.redirectUrl, card)).toBe(`/card-failed?orderId=${order.id}`);
      expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 0 });
      expect(await paymentsOf(order.id)).toMatchObject([{ status: 'declined' }]);
      expect(await mailbox(t.app, email)).toEqual([]);

      const retry = await startPayment(t.app, order.id, uniqueCode);
      expect(retry.paymentId).not.toBe(first.paymentId);
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 2, reserved: 2 });
      expect(await pay(retry.redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-success?orderId=${order.id}`);
      expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 0, reserved: 0 });
      expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['declined', 'approved']);
      expect(await mailbox(t.app, email)).toHaveLength(1);
    });
  }

  it('a card that fails the Luhn check, or a bad expiry or CVC, shows the page again with the message and changes nothing', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 3, quantity: 1 });
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    for (const [card, extra] of [
      ['4242424242424241', {}],
      ['1234', {}],
      [SANDBOX_CARDS.approve, { expiry: '01/20' }],
      [SANDBOX_CARDS.approve, { expiry: '13/39' }],
      [SANDBOX_CARDS.approve, { cvc: '12' }],
    ] as const) {
      const response = await submitSandboxPage(t.app, redirectUrl, card, 'pay', extra);
      expect(response.statusCode, `${card} ${JSON.stringify(extra)}`).toBe(422);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Enter a valid card number, expiry date and CVC');
    }
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'started' }]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 1 });
    // The same attempt can still be paid.
    expect(await pay(redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-success?orderId=${order.id}`);
  });

  it('the page speaks the shopper’s language', async () => {
    const { uniqueCode, order } = await placed({ language: 'az' });
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    const response = await submitSandboxPage(t.app, redirectUrl, '4242424242424241');
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Kart nömrəsini, bitmə tarixini və CVC-ni düzgün daxil edin');
  });

  it('cancel on the page: the payment failed and the units go back', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 3, quantity: 1 });
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    const response = await submitSandboxPage(t.app, redirectUrl, '', 'cancel');
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain(`/card-failed?orderId=${order.id}`);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    // Back on the page of a settled attempt, the shopper is sent on, not charged again.
    const again = await t.app.inject({ method: 'GET', url: new URL(redirectUrl).pathname });
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toContain('/card-failed');
    const repay = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
    expect(repay.statusCode).toBe(303);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('failed');
  });

  it('an unknown payment page is not found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox-pay/8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /Payment/start', () => {
  it('answers ORDER_ALREADY_PAID for a paid order', async () => {
    const { uniqueCode, order } = await placed();
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    await pay(redirectUrl, SANDBOX_CARDS.approve);
    const response = await shop(t.app, 'POST', '/api/Payment/start', { orderId: order.id, uniqueCode });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'ORDER_ALREADY_PAID', message: 'This order is already paid' });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    // A paid order's details can't be changed any more either.
    const confirm = await shop(t.app, 'POST', '/api/Basket/confirm', {
      checkoutId: order.id,
      uniqueCode,
      email: 'other@example.az',
      phone: '+994 50 123 45 67',
      shippingAddress: order.shippingAddress,
      shippingTariffId: tariff.id,
    });
    expect(confirm.statusCode).toBe(409);
    expect(errorOf(confirm).code).toBe('CHECKOUT_CLOSED');
  });

  it('answers "Checkout failed" for a checkout that was not placed', async () => {
    const item = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl),
    );
    const uniqueCode = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id));
    const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id);
    const response = await shop(t.app, 'POST', '/api/Payment/start', { orderId: checkout.id, uniqueCode });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CHECKOUT_FAILED', message: 'Checkout failed' });
    expect(await paymentsOf(checkout.id)).toEqual([]);
  });

  it('is the visitor’s own: another visitor id is not found', async () => {
    const { order, uniqueCode } = await placed();
    const response = await shop(t.app, 'POST', '/api/Payment/start', { orderId: order.id, uniqueCode: visitor() });
    expect(response.statusCode).toBe(404);
    expect(await paymentsOf(order.id)).toEqual([]);
    const status = await shop(t.app, 'GET', `/api/Order/status/${order.id}?uniqueCode=${visitor()}`);
    expect(status.statusCode).toBe(404);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('unpaid');
  });

  it('takes no amount from the browser', async () => {
    const { order, uniqueCode } = await placed();
    const response = await shop(t.app, 'POST', '/api/Payment/start', { orderId: order.id, uniqueCode, amount: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.amount?.code).toBe('unknownField');
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});

describe('payment results', () => {
  it('a replayed result changes nothing: one payment, stock sold once, one e-mail', async () => {
    const { productId, uniqueCode, email, order } = await placed({ stock: 5, quantity: 2 });
    const { paymentId } = await startPayment(t.app, order.id, uniqueCode);
    const result = signedResult(paymentId, order.total);
    expect(dataOf(await postResult(result))).toEqual({ received: true, applied: true });
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });

    for (let i = 0; i < 3; i++) {
      expect(dataOf(await postResult(result))).toEqual({ received: true, applied: false });
    }
    // A later, genuinely signed decline of the same attempt doesn't undo the payment either.
    const decline = signedResult(paymentId, order.total, { status: 'failed', code: '100', message: 'Declined' });
    expect(dataOf(await postResult(decline))).toEqual({ received: true, applied: false });

    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'approved' }]);
    expect(await mailbox(t.app, email)).toHaveLength(1);
  });

  it('a forged result is refused with "could not be verified" and nothing changes', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const { paymentId } = await startPayment(t.app, order.id, uniqueCode);
    const genuine = signedResult(paymentId, order.total);
    const otherSecret = sandboxEncode('not-the-secret-of-this-shop', {
      order_id: paymentId,
      status: 'success',
      code: '000',
      message: 'Approved',
      transaction: 'sbx_forged',
      card_mask: null,
      amount: order.total / 100,
    });
    // Data changed after signing: a cheaper amount.
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(genuine.data, 'base64').toString()), amount: 0.01 }),
    ).toString('base64');
    const flipped = `${genuine.signature[0] === 'A' ? 'B' : 'A'}${genuine.signature.slice(1)}`;
    for (const body of [
      otherSecret,
      { data: altered, signature: genuine.signature },
      { data: genuine.data, signature: flipped },
      { data: genuine.data },
      { data: genuine.data, signature: '' },
      { data: 'not base64 json', signature: sandboxSign('x', 'y') },
      {},
    ]) {
      const response = await postResult(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'PAYMENT_SIGNATURE_INVALID',
        message: 'The payment result could not be verified',
      });
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/result/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data: genuine.data, signature: flipped }).toString(),
    });
    expect(form.statusCode).toBe(400);

    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'started' }]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 1 });
    // The genuine result still works.
    expect(dataOf(await postResult(genuine))).toEqual({ received: true, applied: true });
  });

  it('a result for another provider’s path is not found', async () => {
    const response = await postResult({});
    expect(response.statusCode).toBe(400);
    const epoint = await shop(t.app, 'POST', '/api/Payment/result/epoint', { data: 'x', signature: 'y' });
    expect(epoint.statusCode).toBe(404);
  });

  it('a correctly signed result for another amount does not pay the order; the money goes back', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 2 });
    const { paymentId } = await startPayment(t.app, order.id, uniqueCode);
    for (const amount of [1, order.total - 1, order.total + 100]) {
      // Each attempt is its own payment: start again after the previous one ended.
      const id = amount === 1 ? paymentId : (await startPayment(t.app, order.id, uniqueCode)).paymentId;
      expect(dataOf(await postResult(signedResult(id, amount)))).toEqual({ received: true, applied: true });
      const status = await orderStatus(t.app, order.id, uniqueCode);
      expect(status.paymentStatus).toBe('failed');
      expect(status.paidAt).toBeNull();
      expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 0 });
    }
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['reversed', 'reversed', 'reversed']);
    // Paying the right amount still works.
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    await pay(redirectUrl, SANDBOX_CARDS.approve);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
  });

  it('two tabs paying the same order: exactly one payment counts, the other is given back', async () => {
    const { productId, uniqueCode, email, order } = await placed({ stock: 5, quantity: 2 });
    const tabA = await startPayment(t.app, order.id, uniqueCode);
    const tabB = await startPayment(t.app, order.id, uniqueCode);
    expect(tabA.paymentId).not.toBe(tabB.paymentId);
    // Starting twice holds the units once.
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 2 });

    expect(await pay(tabA.redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-success?orderId=${order.id}`);
    await pay(tabB.redirectUrl, SANDBOX_CARDS.approve);

    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect((await paymentsOf(order.id)).map((p) => [p.id, p.status])).toEqual([
      [tabA.paymentId, 'approved'],
      [tabB.paymentId, 'reversed'],
    ]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 3, reserved: 0 });
    expect(await mailbox(t.app, email)).toHaveLength(1);
  });

  it('a decline in one tab while another tab is still paying leaves the order payable', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 5, quantity: 1 });
    const tabA = await startPayment(t.app, order.id, uniqueCode);
    const tabB = await startPayment(t.app, order.id, uniqueCode);
    await pay(tabA.redirectUrl, SANDBOX_CARDS.decline);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('pending');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 5, reserved: 1 });
    await pay(tabB.redirectUrl, SANDBOX_CARDS.approve);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 4, reserved: 0 });
  });

  it('paid after the hold ran out and the units were sold: the order is canceled and the money given back', async () => {
    const { productId, uniqueCode, order } = await placed({ stock: 1, quantity: 1 });
    const { redirectUrl, paymentId } = await startPayment(t.app, order.id, uniqueCode);
    // The shopper lingers on the bank's page; the hold runs out and someone else buys the unit.
    await t.ctx.db.execute(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${order.id}`);
    await new CheckoutService(t.ctx).releaseExpired();
    const rival = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, rival, productId));
    const rivalOrder = await placeOrder(
      t.app,
      await confirmedCheckout(t.app, owner.market.id, rival, tariff.id),
      rival,
    );
    const rivalPay = await startPayment(t.app, rivalOrder.id, rival);
    await pay(rivalPay.redirectUrl, SANDBOX_CARDS.approve);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 0, reserved: 0 });

    expect(await pay(redirectUrl, SANDBOX_CARDS.approve)).toBe(`/card-failed?orderId=${order.id}`);
    expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('canceled');
    expect(await paymentsOf(order.id)).toMatchObject([{ id: paymentId, status: 'reversed' }]);
    expect(await stockOf(t.ctx, productId)).toEqual({ stock: 0, reserved: 0 });
    // There is nothing left to pay for.
    const retry = await shop(t.app, 'POST', '/api/Payment/start', { orderId: order.id, uniqueCode });
    expect(retry.statusCode).toBe(409);
    expect(errorOf(retry).code).toBe('CHECKOUT_CLOSED');
  });

  it('a result for a payment that does not exist is not found', async () => {
    const response = await postResult(signedResult('8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90', 100));
    expect(response.statusCode).toBe(404);
  });
});
