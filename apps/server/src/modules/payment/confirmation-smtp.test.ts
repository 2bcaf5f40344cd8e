import { SANDBOX_CARDS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  confirmedCheckout,
  createCategory,
  createMarket,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  newIp,
  orderStatus,
  PASSWORD,
  placeOrder,
  productBody,
  query,
  startPayment,
  submitSandboxPage,
  type TestApp,
  uniqueEmail,
  uploadImage,
  visitor,
} from '../../testing/app.js';
import { codeIn, type SmtpStandIn, startSmtpStandIn } from '../../testing/smtp.js';
import { PaymentService } from './service.js';

// A real SMTP server on 127.0.0.1 (testing/smtp.ts) that refuses, for a while, mail to the
// shopper ("451 try again later", as a busy mail server does).
let smtp: SmtpStandIn;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Shop <no-reply@shop.test>' } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.mailsTo(email);

/** The newest code mailed to `email` (codes arrive over SMTP here, not in the dev mailbox). */
function codeFor(email: string): string {
  const latest = mailsTo(email).at(-1);
  if (!latest) throw new Error(`no code mailed to ${email}`);
  return codeIn(latest);
}

async function signedInMerchant(): Promise<string> {
  const email = uniqueEmail('merchant');
  const ip = newIp();
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  dataOf(await post('/api/User/register', { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }));
  dataOf(await post('/api/User/confirm-email', { email, code: codeFor(email) }));
  dataOf(await post('/api/User/login', { login: email, password: PASSWORD }));
  return dataOf<{ token: string }>(await post('/api/User/confirm-login', { email, code: codeFor(email) })).token;
}

describe('order confirmation over SMTP', () => {
  it('a confirmation the mail server refused at payment goes out later, once, in the shopper’s language', async () => {
    const token = await signedInMerchant();
    const market = await createMarket(t.app, token);
    const category = await createCategory(t.app, token, market.id);
    const item = await createProduct(
      t.app,
      token,
      productBody(market.id, category.id, await uploadImage(t.app, token), { stock: 4, price: 2500 }),
    );
    const tariff = await createTariff(t.app, token, market.id, { price: 500 });
    const shopper = uniqueEmail('shopper');
    const v = visitor();
    dataOf(await addToBasket(t.app, market.id, v, item.id, {}, 'ru'));
    const checkout = await confirmedCheckout(t.app, market.id, v, tariff.id, { email: shopper, language: 'ru' });
    const order = await placeOrder(t.app, checkout, v, 'ru');
    const { redirectUrl } = await startPayment(t.app, order.id, v);

    smtp.refusing.add(shopper);
    const paid = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
    // The payment stands whatever the mail server says.
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location)).toContain('/card-success');
    expect((await orderStatus(t.app, order.id, v)).paymentStatus).toBe('paid');
    expect(mailsTo(shopper)).toHaveLength(0);

    const payments = new PaymentService(t.ctx);
    // Paid a moment ago: left to its own request for a minute.
    expect(await payments.sendDueConfirmations()).toBe(0);
    // Still refused: nothing is marked as sent.
    expect(await payments.sendDueConfirmations({ minAgeMs: 0 })).toBe(0);

    smtp.refusing.delete(shopper);
    expect(await payments.sendDueConfirmations({ minAgeMs: 0 })).toBe(1);
    const [mail] = mailsTo(shopper);
    expect(mail?.subject).toBe(`Ваш заказ подтверждён: #1001 · ${market.name}`);
    const [row] = await query<{ sent: boolean; events: number }>(
      t.ctx,
      sql`select confirmation_sent_at is not null as sent,
          (select count(*)::int from order_events where order_id = ${order.id} and kind = 'email_sent') as events
        from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ sent: true, events: 1 });

    // Sent: never again.
    expect(await payments.sendDueConfirmations({ minAgeMs: 0 })).toBe(0);
    expect(mailsTo(shopper)).toHaveLength(1);
  });
});
