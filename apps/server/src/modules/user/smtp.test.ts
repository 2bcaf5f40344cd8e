import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newIp, PASSWORD, type TestApp, uniqueEmail } from '../../testing/app.js';

// A real SMTP server on 127.0.0.1 receives what the app sends; mailparser reads it as a mail client
// would. (The outbox helpers of testing/app.ts don't apply: nothing goes to the outbox here.)
let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];
const waiters: (() => void)[] = [];

let t: TestApp;
const FROM = 'Shop Builder <no-reply@shop.test>';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM }, devMailbox: false });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The next message to `email`, as the recipient's mail client would show it. */
async function mailTo(email: string, after = 0): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = received.slice(after).find((m) => addresses(m).includes(email));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

function addresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

function codeIn(mail: ParsedMail): string {
  const code = mail.text?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

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
    const count = received.length;
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
    const before = received.length;
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
    const count = received.length;
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
