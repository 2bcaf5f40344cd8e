import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newIp, PASSWORD, type TestApp, uniqueEmail } from '../../testing/app.js';
import { codeIn, type SmtpStandIn, startSmtpStandIn } from '../../testing/smtp.js';

// A real SMTP server on 127.0.0.1 receives what the app sends (testing/smtp.ts). (The outbox
// helpers of testing/app.ts don't apply: nothing goes to the outbox here.)
let smtp: SmtpStandIn;
let t: TestApp;
const FROM = 'Shop Builder <no-reply@shop.test>';

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: FROM }, devMailbox: false });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The next message to `email`, as the recipient's mail client would show it. */
const mailTo = (email: string, after = 0) => smtp.nextMailTo(email, after);

function register(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/User/register',
    payload: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, ...extra },
    remoteAddress: newIp(),
  });
}

describe('mail over SMTP', () => {
  it('delivers the confirmation code, which confirms the account', async () => {
    const email = uniqueEmail('smtp');
    const count = smtp.received.length;
    const response = await register(email);
    expect(response.statusCode).toBe(200);
    const mail = await mailTo(email, count);
    expect(mail.from?.value[0]).toMatchObject({ address: 'no-reply@shop.test', name: 'Shop Builder' });
    expect(mail.subject).toMatch(/^E-poçtunuzu təsdiqləyin: \d{6}$/);
    expect(mail.text).toContain('Qeydiyyatı tamamlamaq üçün bu kodu daxil edin');
    const code = codeIn(mail);
    expect(mail.html || '').toContain(code);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/User/confirm-email',
      payload: { email, code },
      remoteAddress: newIp(),
    });
    expect(confirmed.statusCode).toBe(200);

    // The sign-in code comes the same way.
    const before = smtp.received.length;
    const token = await signInOverSmtp(email, before);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/User/get-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({ email, emailConfirmed: true });
  });

  it('writes in the language the user chose', async () => {
    const en = uniqueEmail('smtp-en');
    const az = uniqueEmail('smtp-az');
    const count = smtp.received.length;
    await register(en, { language: 'en' });
    await register(az);
    const enMail = await mailTo(en, count);
    const azMail = await mailTo(az, count);
    expect(enMail.subject).toMatch(/^Confirm your email: \d{6}$/);
    expect(enMail.text).toContain('Enter this code to finish signing up');
    expect(enMail.text).toContain('The code is valid for 10 minutes');
    expect(azMail.subject).toMatch(/^E-poçtunuzu təsdiqləyin: \d{6}$/);
    expect(azMail.text).toContain('Kod 10 dəqiqə etibarlıdır');
  });

  it('keeps the mail off the dev mailbox', async () => {
    const mailbox = await t.app.inject({ method: 'GET', url: '/api/Dev/mailbox', remoteAddress: newIp() });
    expect(mailbox.statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: newIp() });
    expect(config.json().data.devMailbox).toBe(false);
  });

  it('a mail server that is down: "Failed to send code", and the user can try again', async () => {
    const down = await createTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:1', from: FROM }, devMailbox: false });
    try {
      const email = uniqueEmail('down');
      const ip = newIp();
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/User/register',
        payload: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
        headers: { 'accept-language': 'en' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: { code: 'SEND_CODE_FAILED', message: 'Failed to send code' } });
      // Nothing was left half-done: registering again tries the mail again (not "User already exists").
      const again = await down.app.inject({
        method: 'POST',
        url: '/api/User/register',
        payload: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
        headers: { 'accept-language': 'en' },
        remoteAddress: ip,
      });
      expect(again.statusCode).toBe(502);
      expect(again.json().error.code).toBe('SEND_CODE_FAILED');
    } finally {
      await down.close();
    }
  });
});

async function signInOverSmtp(email: string, after: number): Promise<string> {
  const ip = newIp();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/User/login',
    payload: { login: email, password: PASSWORD },
    remoteAddress: ip,
  });
  expect(login.statusCode).toBe(200);
  const mail = await mailTo(email, after);
  expect(mail.subject).toMatch(/^Giriş təsdiq kodu: \d{6}$/);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/User/confirm-login',
    payload: { email, code: codeIn(mail) },
    remoteAddress: ip,
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().data.token;
}
