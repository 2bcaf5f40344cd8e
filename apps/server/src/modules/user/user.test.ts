import { TIME_ZONES } from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  fieldCodes,
  mailbox,
  merchant,
  newIp,
  otherCode,
  PASSWORD,
  readLatestCode,
  registerConfirmed,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../testing/app.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the process clock forward, as if the user waited (codes and rate limits read it). */
function wait(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

const EN = { 'accept-language': 'en' };

function post(url: string, payload: unknown, options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: newIp(),
    ...options,
  });
}

function put(url: string, payload: unknown, token: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) {
  return app.inject({
    method: 'PUT',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: newIp(),
    ...options,
    headers: { ...bearer(token), ...(options.headers as Record<string, string>) },
  });
}

function getUser(options: Omit<InjectOptions, 'method' | 'url'> = {}) {
  return app.inject({ method: 'GET', url: '/api/User/get-user', remoteAddress: newIp(), ...options });
}

function registration(email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return { email, password, confirmPassword: password, acceptTerms: true, ...extra };
}

describe('register', () => {
  it('creates an unconfirmed account and mails a confirmation code', async () => {
    const email = uniqueEmail();
    const response = await post('/api/User/register', registration(email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email } });
    const mails = await mailbox(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^E-poçtunuzu təsdiqləyin: \d{6}$/);
    expect(mails[0]!.text).toContain(mails[0]!.subject.slice(-6));
  });

  it.each([
    ['empty', '', 'required'],
    ['7 characters', 'Ab1!xyz', 'tooShort'],
    ['101 characters', `Ab1!${'x'.repeat(97)}`, 'tooLong'],
    ['no uppercase letter', 'lowercase1!', 'passwordRules'],
    ['no lowercase letter', 'UPPERCASE1!', 'passwordRules'],
    ['no digit', 'NoDigits-here!', 'passwordRules'],
    ['no special character', 'NoSpecial123', 'passwordRules'],
    ['a space', 'With Space1!', 'passwordRules'],
    ['a letter outside ASCII', 'Şifrə-Güclü1', 'passwordRules'],
    ['a control character', 'Tab\tInside1!', 'passwordRules'],
  ])('refuses a password with %s', async (_, password, code) => {
    const response = await post('/api/User/register', registration(uniqueEmail(), password), { headers: EN });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Check the highlighted fields');
    expect(error.fields?.password?.code).toBe(code);
  });

  it('gives the field message in the caller language', async () => {
    const en = await post('/api/User/register', registration(uniqueEmail(), 'Ab1!xyz'), { headers: EN });
    expect(errorOf(en).fields?.password).toEqual({ code: 'tooShort', message: 'Too short' });
    const az = await post('/api/User/register', registration(uniqueEmail(), 'Ab1!xyz'));
    expect(errorOf(az).fields?.password).toEqual({ code: 'tooShort', message: 'Çox qısadır' });
    expect(errorOf(az).message).toBe('Qeyd olunan xanaları yoxlayın');
  });

  it.each([
    ['Abcdef1!', 'exactly 8 characters'],
    [`Ab1!${'y'.repeat(96)}`, 'exactly 100 characters'],
    ['~Pa$$w0rd^{}', 'many kinds of special characters'],
  ])('accepts the password %s (%s)', async (password) => {
    const response = await post('/api/User/register', registration(uniqueEmail(), password));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['', 'required'],
    ['not-an-email', 'invalidEmail'],
    ['user@localhost', 'invalidEmail'],
    ['two@@example.com', 'invalidEmail'],
    ['with space@example.com', 'invalidEmail'],
    ['user@example..com', 'invalidEmail'],
    [`${'a'.repeat(250)}@example.com`, 'tooLong'],
  ])('refuses the email %j', async (email, code) => {
    const response = await post('/api/User/register', registration(email));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ email: code });
  });

  it('refuses a confirmation that differs from the password', async () => {
    const response = await post(
      '/api/User/register',
      { ...registration(uniqueEmail()), confirmPassword: 'Other-Pass1!' },
      { headers: EN },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      confirmPassword: { code: 'passwordsMustMatch', message: 'Passwords must match' },
    });
  });

  it.each([
    ['declined', { acceptTerms: false }],
    ['missing', { acceptTerms: undefined }],
    ['given as a string', { acceptTerms: 'true' }],
  ])('requires the terms to be accepted (%s)', async (_, terms) => {
    const response = await post('/api/User/register', { ...registration(uniqueEmail()), ...terms });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ acceptTerms: 'termsRequired' });
  });

  it('refuses fields it does not know', async () => {
    const response = await post('/api/User/register', registration(uniqueEmail(), PASSWORD, { isAdmin: true }));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ isAdmin: 'unknownField' });
  });

  it('reports every bad field at once', async () => {
    const response = await post('/api/User/register', {
      email: 'nope',
      password: 'short',
      confirmPassword: 'different',
      acceptTerms: false,
    });
    expect(fieldCodes(response)).toEqual({
      email: 'invalidEmail',
      password: 'tooShort',
      acceptTerms: 'termsRequired',
    });
  });

  it('refuses a second account with the same email, in the caller language', async () => {
    const email = uniqueEmail();
    expect((await post('/api/User/register', registration(email))).statusCode).toBe(200);

    const en = await post('/api/User/register', registration(email), { headers: EN });
    expect(en.statusCode).toBe(409);
    expect(errorOf(en)).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });

    const az = await post('/api/User/register', registration(email), { headers: { 'accept-language': 'az' } });
    expect(errorOf(az)).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'İstifadəçi artıq mövcuddur' });

    // The stored preference (cookie) wins over the browser's Accept-Language.
    const cookie = await post('/api/User/register', registration(email), { headers: EN, cookies: { language: 'az' } });
    expect(errorOf(cookie).message).toBe('İstifadəçi artıq mövcuddur');

    // Addresses differ only in case: the same account.
    const upper = await post('/api/User/register', registration(email.toUpperCase()), { headers: EN });
    expect(upper.statusCode).toBe(409);
    expect(errorOf(upper).message).toBe('User already exists');
  });

  it('mails the code in the chosen language', async () => {
    const email = uniqueEmail();
    await post('/api/User/register', registration(email, PASSWORD, { language: 'en' }));
    const [mail] = await mailbox(app, email);
    expect(mail!.subject).toMatch(/^Confirm your email: \d{6}$/);
  });

  it('holds an address that registers too many accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const response = await post('/api/User/register', { email: 'bad' }, { remoteAddress: ip });
      expect(response.statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await post('/api/User/register', registration(uniqueEmail()), { remoteAddress: ip })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('register when no code can be sent', () => {
  it('a registration refused for too many codes leaves no account behind', async () => {
    const existing = await registerConfirmed(app);
    const ip = newIp();
    // One address asking for codes over and over spends its hourly allowance.
    for (let i = 0; i < 30; i++)
      await post('/api/User/forgot-password', { email: existing.email }, { remoteAddress: ip });
    const email = uniqueEmail();
    const refused = await post('/api/User/register', registration(email), { remoteAddress: ip, headers: EN });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect(await mailbox(app, email)).toHaveLength(0);

    // From another address the same e-mail registers normally: no half-made account is in the way.
    const later = await post('/api/User/register', registration(email));
    expect(later.statusCode).toBe(200);
    expect(await mailbox(app, email)).toHaveLength(1);
  });
});

describe('confirm email', () => {
  async function registered(extra: Record<string, unknown> = {}) {
    const email = uniqueEmail();
    const ip = newIp();
    const response = await post('/api/User/register', registration(email, PASSWORD, extra), { remoteAddress: ip });
    expect(response.statusCode).toBe(200);
    return { email, ip, code: await readLatestCode(app, email) };
  }

  const confirm = (email: string, code: string, ip = newIp()) =>
    post('/api/User/confirm-email', { email, code }, { remoteAddress: ip, headers: EN });
  const login = (loginName: string, password = PASSWORD, ip = newIp()) =>
    post('/api/User/login', { login: loginName, password }, { remoteAddress: ip, headers: EN });

  it('confirms with the mailed code; a wrong code is refused', async () => {
    const { email, ip, code } = await registered();
    const wrong = await confirm(email, otherCode(code), ip);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'CODE_INCORRECT', message: 'Code is incorrect' });
    expect((await login(email)).statusCode).toBe(403);

    const right = await confirm(email, code, ip);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ data: { email, confirmed: true } });
    expect((await login(email)).statusCode).toBe(200);

    const again = await confirm(email, code, ip);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('EMAIL_ALREADY_CONFIRMED');
  });

  it('refuses a code that is not six digits', async () => {
    const { email } = await registered();
    for (const code of ['12345', '1234567', '12a456', ' 123456', '']) {
      const response = await confirm(email, code);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.code).toEqual({ code: 'invalidCode', message: 'Please enter a valid code' });
    }
  });

  it('refuses any code for an address that has no account', async () => {
    const response = await confirm(uniqueEmail(), '123456');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('CODE_INCORRECT');
  });

  it('gives up after five wrong tries: then even the right code fails', async () => {
    const { email, ip, code } = await registered();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await confirm(email, otherCode(code), ip);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('CODE_INCORRECT');
    }
    const fifth = await confirm(email, otherCode(code), ip);
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth)).toEqual({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong attempts. Request a new code',
    });
    const right = await confirm(email, code, ip);
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await login(email)).statusCode).toBe(403);

    // A new code (after the resend cooldown) starts over.
    wait(61_000);
    const resend = await post(`/api/User/create-new-confirm-email-code?email=${encodeURIComponent(email)}`, undefined);
    expect(resend.statusCode).toBe(200);
    const fresh = await readLatestCode(app, email);
    expect((await confirm(email, fresh, ip)).statusCode).toBe(200);
  });

  it('refuses a code after ten minutes', async () => {
    const { email, code } = await registered();
    wait(10 * 60_000 + 1_000);
    const response = await confirm(email, code);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'CODE_EXPIRED', message: 'The code has expired. Request a new one' });
  });

  it('makes the user wait a minute before another code, saying how long', async () => {
    const { email } = await registered();
    const response = await post(
      `/api/User/create-new-confirm-email-code?email=${encodeURIComponent(email)}`,
      undefined,
      { headers: EN },
    );
    expect(response.statusCode).toBe(429);
    expect(errorOf(response)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in a few minutes',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailbox(app, email)).toHaveLength(1);
  });

  it('a resent code replaces the previous one', async () => {
    const { email, ip, code: first } = await registered();
    wait(61_000);
    const resend = await post(`/api/User/create-new-confirm-email-code?email=${encodeURIComponent(email)}`, undefined);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ data: { email } });
    expect(await mailbox(app, email)).toHaveLength(2);
    const second = await readLatestCode(app, email);

    if (first !== second) {
      const old = await confirm(email, first, ip);
      expect(old.statusCode).toBe(400);
      expect(errorOf(old).code).toBe('CODE_INCORRECT');
    }
    expect((await confirm(email, second, ip)).statusCode).toBe(200);
  });

  it('resending to an unknown address says so', async () => {
    const response = await post(
      `/api/User/create-new-confirm-email-code?email=${encodeURIComponent(uniqueEmail())}`,
      undefined,
      { headers: EN },
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NO_EMAIL_FOUND', message: 'No email found' });
  });

  it('resending needs a valid address and nothing else', async () => {
    const missing = await post('/api/User/create-new-confirm-email-code', undefined);
    expect(missing.statusCode).toBe(400);
    expect(fieldCodes(missing)).toEqual({ email: 'required' });
    const bad = await post('/api/User/create-new-confirm-email-code?email=nope', undefined);
    expect(fieldCodes(bad)).toEqual({ email: 'invalidEmail' });
  });

  it('resending to a confirmed address is refused', async () => {
    const account = await registerConfirmed(app);
    wait(61_000);
    const response = await post(
      `/api/User/create-new-confirm-email-code?email=${encodeURIComponent(account.email)}`,
      undefined,
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_ALREADY_CONFIRMED');
  });
});

describe('login', () => {
  const login = (payload: Record<string, unknown>, ip = newIp()) =>
    post('/api/User/login', payload, { remoteAddress: ip, headers: EN });
  const confirmLogin = (email: string, code: string, ip = newIp()) =>
    post('/api/User/confirm-login', { email, code }, { remoteAddress: ip, headers: EN });

  it('takes the password, mails a code, and opens a session with the code', async () => {
    const { email, password } = await registerConfirmed(app);
    const step1 = await login({ login: email, password });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ data: { email } });
    expect(step1.headers['set-cookie']).toBeUndefined();
    const [mail] = await mailbox(app, email);
    expect(mail!.subject).toMatch(/^Giriş təsdiq kodu: \d{6}$/);

    const step2 = await confirmLogin(email, await readLatestCode(app, email));
    expect(step2.statusCode).toBe(200);
    const { data } = step2.json() as { data: { token: string; expiresAt: string; user: { email: string } } };
    expect(data.user.email).toBe(email);
    expect(data.token.length).toBeGreaterThanOrEqual(22);

    const me = await getUser({ headers: bearer(data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, emailConfirmed: true, hasPassword: true, language: 'az' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie on / that ends with the browser', async () => {
    const { email, password } = await registerConfirmed(app);
    await login({ login: email, password, rememberMe: false });
    const response = await confirmLogin(email, await readLatestCode(app, email));
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^token=[^;]+;/);
    expect(header).toContain('Path=/');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toMatch(/Expires=|Max-Age=/i);
    const cookie = response.cookies.find((c) => c.name === 'token')!;
    expect(cookie.value).toBe(response.json().data.token);

    const me = await getUser({ cookies: { token: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email);
  });

  it('remembers the session for 30 days when asked', async () => {
    const { email, password } = await registerConfirmed(app);
    await login({ login: email, password, rememberMe: true });
    const response = await confirmLogin(email, await readLatestCode(app, email));
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    const cookie = response.cookies.find((c) => c.name === 'token')!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('accepts the username and any case of the email', async () => {
    const account = await merchant(app);
    const username = `shop.owner_${Math.random().toString(36).slice(2, 8)}`;
    const set = await put('/api/User/update-owner', { username }, account.token);
    expect(set.statusCode).toBe(200);

    const byUsername = await login({ login: username.toUpperCase(), password: account.password });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json()).toEqual({ data: { email: account.email } });
    const token = (await confirmLogin(account.email, await readLatestCode(app, account.email))).json().data.token;
    expect((await getUser({ headers: bearer(token) })).json().data.username).toBe(username);

    const byEmail = await login({ login: `  ${account.email.toUpperCase()}  `, password: account.password });
    expect(byEmail.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const { email } = await registerConfirmed(app);
    const wrong = await login({ login: email, password: 'Wrong-Pass1!' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    const unknown = await login({ login: uniqueEmail(), password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
    const az = await post('/api/User/login', { login: email, password: 'Wrong-Pass1!' });
    expect(errorOf(az).message).toBe('E-poçt və ya şifrə yanlışdır');
    expect(await mailbox(app, email)).toHaveLength(1); // only the confirmation code
  });

  it('asks for the required fields', async () => {
    const response = await login({ login: '   ', password: '' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      login: { code: 'required', message: 'Fill in the inputs completely' },
      password: { code: 'required', message: 'Fill in the inputs completely' },
    });
  });

  it('sends an unconfirmed account back to confirm its email, with a new code', async () => {
    const email = uniqueEmail();
    const ip = newIp();
    await post('/api/User/register', registration(email), { remoteAddress: ip });
    const firstCode = await readLatestCode(app, email);

    // Right after registering, the mailed code is still good: no second mail yet.
    const early = await login({ login: email, password: PASSWORD }, ip);
    expect(early.statusCode).toBe(403);
    expect(errorOf(early)).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: 'Confirm your email first. We have sent you a new code',
    });
    expect(errorOf(early).fields?.email?.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(await mailbox(app, email)).toHaveLength(1);

    wait(61_000);
    const later = await login({ login: email, password: PASSWORD }, ip);
    expect(later.statusCode).toBe(403);
    expect(errorOf(later).code).toBe('EMAIL_NOT_CONFIRMED');
    const mails = await mailbox(app, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/^E-poçtunuzu təsdiqləyin: \d{6}$/);
    const newCode = await readLatestCode(app, email);
    if (newCode !== firstCode) {
      expect((await post('/api/User/confirm-email', { email, code: firstCode })).statusCode).toBe(400);
    }
    expect((await post('/api/User/confirm-email', { email, code: newCode })).statusCode).toBe(200);
    expect((await login({ login: email, password: PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('a login code works once', async () => {
    const { email, password, ip } = await registerConfirmed(app);
    await login({ login: email, password }, ip);
    const code = await readLatestCode(app, email);
    expect((await confirmLogin(email, code, ip)).statusCode).toBe(200);
    const replay = await confirmLogin(email, code, ip);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).code).toBe('CODE_EXPIRED');
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('a wrong login code opens nothing; the confirmation code is not a login code', async () => {
    const { email, password, ip } = await registerConfirmed(app);
    const confirmationCode = await readLatestCode(app, email);
    await login({ login: email, password }, ip);
    const code = await readLatestCode(app, email);
    const wrong = await confirmLogin(email, otherCode(code), ip);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('CODE_INCORRECT');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    if (confirmationCode !== code) expect((await confirmLogin(email, confirmationCode, ip)).statusCode).toBe(400);
    expect((await confirmLogin(email, code, ip)).statusCode).toBe(200);
  });

  it('signing out ends the session; signing in again right away works', async () => {
    const account = await merchant(app);
    const out = await post('/api/User/logout', undefined, { headers: bearer(account.token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^token=;.*Expires=Thu, 01 Jan 1970/);
    const after = await getUser({ headers: bearer(account.token) });
    expect(after.statusCode).toBe(401);
    expect((await getUser({ cookies: { token: account.token } })).statusCode).toBe(401);

    const again = await signIn(app, account.email, account.password, { ip: account.ip });
    expect((await getUser({ headers: bearer(again) })).statusCode).toBe(200);
  });

  it('signing out through the cookie works too', async () => {
    const account = await merchant(app);
    const out = await post('/api/User/logout', undefined, { cookies: { token: account.token } });
    expect(out.statusCode).toBe(200);
    expect((await getUser({ headers: bearer(account.token) })).statusCode).toBe(401);
  });

  it('holds an account after ten wrong passwords, whichever name and address they came from', async () => {
    const account = await merchant(app);
    const username = `held_${Math.random().toString(36).slice(2, 8)}`;
    expect((await put('/api/User/update-owner', { username }, account.token)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login({
        login: attempt % 2 ? username : account.email,
        password: `Wrong-Pass${attempt}!`,
      });
      expect(response.statusCode).toBe(401);
    }
    const held = await login({ login: account.email, password: 'Wrong-Pass!0' });
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).code).toBe('RATE_LIMITED');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits, by either name.
    expect((await login({ login: account.email, password: account.password })).statusCode).toBe(429);
    expect((await login({ login: username, password: account.password })).statusCode).toBe(429);
    // Another account is not affected.
    const other = await registerConfirmed(app);
    expect((await login({ login: other.email, password: other.password })).statusCode).toBe(200);

    // Resetting the password proves the owner and lifts the hold.
    const reset = await resetPassword(account.email, 'Brand-New-Pass2@');
    expect(reset.statusCode).toBe(200);
    expect((await login({ login: username, password: 'Brand-New-Pass2@' })).statusCode).toBe(200);
  });

  it('holds an address that tries many accounts', async () => {
    const ip = newIp();
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await login({ login: uniqueEmail(), password: PASSWORD }, ip)).statusCode).toBe(401);
    }
    const held = await login({ login: uniqueEmail(), password: PASSWORD }, ip);
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).code).toBe('RATE_LIMITED');
  });

  it('a forged X-Forwarded-For does not escape the per-address hold when no proxy is trusted', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/User/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        payload: { login: uniqueEmail(), password: PASSWORD },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('get-user', () => {
  it('needs a session', async () => {
    const none = await getUser({ headers: EN });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none)).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    for (const headers of [
      { authorization: 'Bearer null' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ]) {
      expect((await getUser({ headers })).statusCode).toBe(401);
    }
    expect((await getUser({ cookies: { token: 'null' } })).statusCode).toBe(401);
  });

  it('shows the signed-in user through the cookie and through Bearer', async () => {
    const account = await merchant(app);
    const viaBearer = await getUser({ headers: bearer(account.token) });
    const viaCookie = await getUser({ cookies: { token: account.token } });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaCookie.json()).toEqual(viaBearer.json());
    const user = viaBearer.json().data;
    expect(user).toMatchObject({
      email: account.email,
      username: null,
      emailConfirmed: true,
      hasPassword: true,
      firstName: null,
      lastName: null,
      phone: null,
      language: 'az',
      timeZone: 'GMT+4',
      photoUrl: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
  });
});

async function forgotPassword(email: string, ip = newIp()) {
  return post('/api/User/forgot-password', { email }, { remoteAddress: ip, headers: EN });
}

async function resetPassword(email: string, password: string) {
  const ip = newIp();
  const sent = await forgotPassword(email, ip);
  if (sent.statusCode !== 200) return sent;
  const code = await readLatestCode(app, email);
  return post(
    '/api/User/reset-password',
    { email, code, password, confirmPassword: password },
    { remoteAddress: ip, headers: EN },
  );
}

describe('forgot and reset password', () => {
  it('an unknown address gets NO_EMAIL_FOUND', async () => {
    const response = await forgotPassword(uniqueEmail());
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NO_EMAIL_FOUND', message: 'No email found' });
  });

  it('mails a reset code that can be checked, then sets the new password and ends old sessions', async () => {
    const account = await merchant(app);
    const ip = newIp();
    const sent = await forgotPassword(account.email, ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: { email: account.email } });
    const [mail] = await mailbox(app, account.email);
    expect(mail!.subject).toMatch(/^Şifrənin bərpası: \d{6}$/);
    const code = await readLatestCode(app, account.email);

    const wrong = await post(
      '/api/User/verify-reset-code',
      { email: account.email, code: otherCode(code) },
      { headers: EN },
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('CODE_INCORRECT');
    const checked = await post('/api/User/verify-reset-code', { email: account.email, code });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ data: { email: account.email, valid: true } });

    const mismatch = await post('/api/User/reset-password', {
      email: account.email,
      code,
      password: 'New-Pass-123!',
      confirmPassword: 'New-Pass-124!',
    });
    expect(fieldCodes(mismatch)).toEqual({ confirmPassword: 'passwordsMustMatch' });
    const weak = await post('/api/User/reset-password', {
      email: account.email,
      code,
      password: 'weakpassword',
      confirmPassword: 'weakpassword',
    });
    expect(fieldCodes(weak)).toEqual({ password: 'passwordRules' });

    const reset = await post('/api/User/reset-password', {
      email: account.email,
      code,
      password: 'New-Pass-123!',
      confirmPassword: 'New-Pass-123!',
    });
    expect(reset.statusCode).toBe(200);

    expect((await getUser({ headers: bearer(account.token) })).statusCode).toBe(401);
    const old = await post('/api/User/login', { login: account.email, password: account.password }, { headers: EN });
    expect(old.statusCode).toBe(401);
    expect(errorOf(old).code).toBe('INVALID_CREDENTIALS');
    const token = await signIn(app, account.email, 'New-Pass-123!');
    expect((await getUser({ headers: bearer(token) })).statusCode).toBe(200);

    const replay = await post('/api/User/reset-password', {
      email: account.email,
      code,
      password: 'Third-Pass-123!',
      confirmPassword: 'Third-Pass-123!',
    });
    expect(replay.statusCode).toBe(400);
    expect((await getUser({ headers: bearer(token) })).statusCode).toBe(200);
  });

  it('resetting proves the mailbox: an unconfirmed account can then sign in', async () => {
    const email = uniqueEmail();
    await post('/api/User/register', registration(email));
    const reset = await resetPassword(email, 'Fresh-Pass-1!');
    expect(reset.statusCode).toBe(200);
    const token = await signIn(app, email, 'Fresh-Pass-1!');
    expect((await getUser({ headers: bearer(token) })).json().data.emailConfirmed).toBe(true);
  });

  it('a reset code for another account does not work', async () => {
    const a = await registerConfirmed(app);
    const b = await registerConfirmed(app);
    await forgotPassword(a.email);
    const codeOfA = await readLatestCode(app, a.email);
    await forgotPassword(b.email);
    const codeOfB = await readLatestCode(app, b.email);
    if (codeOfA === codeOfB) return expect(codeOfA).toMatch(/^\d{6}$/);
    const response = await post('/api/User/reset-password', {
      email: b.email,
      code: codeOfA,
      password: 'New-Pass-123!',
      confirmPassword: 'New-Pass-123!',
    });
    expect(response.statusCode).toBe(400);
    expect((await post('/api/User/login', { login: b.email, password: b.password })).statusCode).toBe(200);
  });
});

describe('update-user', () => {
  it('needs a session', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/User/update-user', payload: { firstName: 'A' } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHORIZED');
  });

  it('changes the names and keeps what was not sent', async () => {
    const { token } = await merchant(app);
    const first = await put('/api/User/update-user', { firstName: '  Aysel ', lastName: 'Məmmədova' }, token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ firstName: 'Aysel', lastName: 'Məmmədova' });
    await put('/api/User/update-user', { lastName: 'Əliyeva' }, token);
    const me = (await getUser({ headers: bearer(token) })).json().data;
    expect(me).toMatchObject({ firstName: 'Aysel', lastName: 'Əliyeva' });
    const long = await put('/api/User/update-user', { firstName: 'x'.repeat(101) }, token);
    expect(fieldCodes(long)).toEqual({ firstName: 'tooLong' });
  });

  it('stores an Azerbaijani phone in one form and refuses others', async () => {
    const { token } = await merchant(app);
    for (const typed of ['+994 50 123 45 67', '+994(50)123-45-67', '+994501234567', '050 123 45 67', '50 123 45 67']) {
      const response = await put('/api/User/update-user', { phone: typed }, token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.phone).toBe('+994501234567');
    }
    for (const bad of [
      '050 123 45',
      '+99450123456',
      '+9945012345678',
      '+7 900 123 45 67',
      'phone',
      '+994 5O 123 45 67',
    ]) {
      const response = await put('/api/User/update-user', { phone: bad }, token, { headers: EN });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.phone).toEqual({
        code: 'invalidPhone',
        message: 'Enter the phone as +994 10 234 56 78',
      });
    }
    expect((await getUser({ headers: bearer(token) })).json().data.phone).toBe('+994501234567');
    const cleared = await put('/api/User/update-user', { phone: '' }, token);
    expect(cleared.json().data.phone).toBeNull();
  });

  it('changes the language, and codes are then mailed in it', async () => {
    const account = await merchant(app);
    const response = await put('/api/User/update-user', { language: 'en' }, account.token);
    expect(response.json().data.language).toBe('en');
    const bad = await put('/api/User/update-user', { language: 'de' }, account.token);
    expect(fieldCodes(bad)).toEqual({ language: 'invalidValue' });

    await post('/api/User/forgot-password', { email: account.email });
    const [mail] = await mailbox(app, account.email);
    expect(mail!.subject).toMatch(/^Reset your password: \d{6}$/);
  });

  it('accepts every time zone from GMT-12 to GMT+13 and nothing else', async () => {
    const { token } = await merchant(app);
    expect(TIME_ZONES).toHaveLength(26);
    for (const timeZone of TIME_ZONES) {
      const response = await put('/api/User/update-user', { timeZone }, token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.timeZone).toBe(timeZone);
    }
    expect(TIME_ZONES[0]).toBe('GMT-12');
    expect(TIME_ZONES.at(-1)).toBe('GMT+13');
    for (const timeZone of ['GMT+14', 'GMT-13', 'Asia/Baku', 'GMT+04', '']) {
      const response = await put('/api/User/update-user', { timeZone }, token);
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response)).toEqual({ timeZone: 'invalidValue' });
    }
    expect((await getUser({ headers: bearer(token) })).json().data.timeZone).toBe('GMT+13');
  });

  it('takes a photo only from our own uploads', async () => {
    const { token } = await merchant(app);
    const ok = await put('/api/User/update-user', { photoUrl: '/uploads/someone/photo.webp' }, token);
    expect(ok.json().data.photoUrl).toBe('/uploads/someone/photo.webp');
    for (const photoUrl of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'uploads/x.webp',
      `/uploads/${'x'.repeat(1020)}`,
    ]) {
      const response = await put('/api/User/update-user', { photoUrl }, token);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldCodes(response))).toEqual(['photoUrl']);
    }
    const cleared = await put('/api/User/update-user', { photoUrl: null }, token);
    expect(cleared.json().data.photoUrl).toBeNull();
  });

  it('does not change the email or anything else it does not list', async () => {
    const account = await merchant(app);
    const response = await put(
      '/api/User/update-user',
      { email: 'other@example.com', emailConfirmed: false },
      account.token,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ email: 'unknownField', emailConfirmed: 'unknownField' });
    expect((await getUser({ headers: bearer(account.token) })).json().data.email).toBe(account.email);
  });
});

describe('update-owner', () => {
  it('sets a username under its rules', async () => {
    const { token } = await merchant(app);
    for (const username of ['ab', 'x'.repeat(31), 'has space', 'dash-name', 'at@sign', 'şəhər']) {
      const response = await put('/api/User/update-owner', { username }, token, { headers: EN });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.username).toEqual({
        code: 'invalidUsername',
        message: 'Use 3–30 lowercase letters, digits, dots or underscores',
      });
    }
    const name = `Good.Name_${Math.random().toString(36).slice(2, 8)}`;
    const ok = await put('/api/User/update-owner', { username: name }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.username).toBe(name.toLowerCase());
  });

  it('refuses a username someone else has', async () => {
    const a = await merchant(app);
    const b = await merchant(app);
    const username = `taken_${Math.random().toString(36).slice(2, 8)}`;
    expect((await put('/api/User/update-owner', { username }, a.token)).statusCode).toBe(200);
    const response = await put('/api/User/update-owner', { username: username.toUpperCase() }, b.token, {
      headers: EN,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already taken' });
    expect((await getUser({ headers: bearer(b.token) })).json().data.username).toBeNull();
    // Keeping one's own username is no conflict.
    expect((await put('/api/User/update-owner', { username }, a.token)).statusCode).toBe(200);
  });

  it('changes the password only with the right current password', async () => {
    const account = await merchant(app);
    const change = (currentPassword: string | undefined, newPassword = 'Changed-Pass9#') =>
      put(
        '/api/User/update-owner',
        { ...(currentPassword === undefined ? {} : { currentPassword }), newPassword, confirmPassword: newPassword },
        account.token,
        { headers: EN },
      );
    const wrong = await change('Not-The-Pass1!');
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', message: 'The current password is incorrect' });
    expect(errorOf(wrong).fields?.currentPassword?.code).toBe('WRONG_PASSWORD');
    expect((await change(undefined)).statusCode).toBe(403);

    const weak = await change(account.password, 'weak');
    expect(fieldCodes(weak)).toEqual({ newPassword: 'tooShort' });
    const mismatch = await put(
      '/api/User/update-owner',
      { currentPassword: account.password, newPassword: 'Changed-Pass9#', confirmPassword: 'Changed-Pass9$' },
      account.token,
    );
    expect(fieldCodes(mismatch)).toEqual({ confirmPassword: 'passwordsMustMatch' });

    // Nothing changed so far.
    expect((await post('/api/User/login', { login: account.email, password: 'Changed-Pass9#' })).statusCode).toBe(401);

    const ok = await change(account.password);
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/User/login', { login: account.email, password: account.password })).statusCode).toBe(401);
    const token = await signIn(app, account.email, 'Changed-Pass9#');
    expect((await getUser({ headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a new password ends every other session and keeps the one that changed it', async () => {
    const account = await merchant(app);
    const otherDevice = await signIn(app, account.email, account.password);
    expect((await getUser({ headers: bearer(otherDevice) })).statusCode).toBe(200);
    const changed = await put(
      '/api/User/update-owner',
      { currentPassword: account.password, newPassword: 'Changed-Pass9#', confirmPassword: 'Changed-Pass9#' },
      account.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await getUser({ headers: bearer(account.token) })).statusCode).toBe(200);
    expect((await getUser({ headers: bearer(otherDevice) })).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/User/update-owner', payload: { username: 'abc' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('request bodies', () => {
  it('malformed JSON → INVALID_JSON', async () => {
    for (const payload of ['{"login":', '{login: 1}', "{'a':1}", '']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': 'application/json', ...EN },
        payload,
        remoteAddress: newIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
    }
  });

  it('a body over 1 MB → 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/User/register',
      headers: { 'content-type': 'application/json', ...EN },
      payload: JSON.stringify(registration(uniqueEmail(), PASSWORD, { padding: 'x'.repeat(1024 * 1024) })),
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
  });

  it('wrong types → 400 with the fields named', async () => {
    const response = await post('/api/User/register', {
      email: 42,
      password: ['Str0ng-Pass!'],
      confirmPassword: { a: 1 },
      acceptTerms: 1,
      language: 7,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({
      email: 'required',
      password: 'required',
      confirmPassword: 'required',
      acceptTerms: 'termsRequired',
      language: 'invalidValue',
    });
    const login = await post('/api/User/login', { login: 'a@b.co', password: 'x', rememberMe: 'yes' });
    expect(fieldCodes(login)).toEqual({ rememberMe: 'invalidValue' });
  });

  it('never answers with a 500, whatever comes in', async () => {
    const { token } = await merchant(app);
    const json = { 'content-type': 'application/json' };
    const odd: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/User/register',
        payload: { email: 'a\u0000b@example.com', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      },
      { method: 'POST', url: '/api/User/login', payload: { login: 'nul\u0000@example.com', password: 'x' } },
      { method: 'POST', url: '/api/User/login', payload: { login: 'x'.repeat(255), password: 'x'.repeat(101) } },
      { method: 'POST', url: '/api/User/login', payload: [] as unknown as string },
      { method: 'POST', url: '/api/User/login', headers: json, payload: 'null' },
      { method: 'POST', url: '/api/User/login', headers: json, payload: '"just a string"' },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: json,
        payload: '{"__proto__":{"admin":true},"login":"a","password":"b"}',
      },
      { method: 'POST', url: '/api/User/login', headers: json, payload: '{"constructor":{"prototype":{"x":1}}}' },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: json,
        payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'login=a&password=b',
      },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'login=a',
      },
      { method: 'POST', url: '/api/User/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--',
      },
      {
        method: 'POST',
        url: '/api/User/login',
        headers: { 'content-type': 'application/json; charset=latin1' },
        payload: '{}',
      },
      { method: 'POST', url: '/api/User/confirm-email', payload: { email: 'a@b.co', code: 123456 } },
      { method: 'POST', url: '/api/User/confirm-login', payload: { email: '\u0000@b.co', code: '123456' } },
      { method: 'POST', url: '/api/User/create-new-confirm-email-code?email=a%00@b.co' },
      { method: 'POST', url: '/api/User/create-new-confirm-email-code?email=a@b.co&email=c@d.co' },
      { method: 'POST', url: '/api/User/create-new-confirm-email-code?email[x]=1' },
      { method: 'POST', url: '/api/User/create-new-confirm-email-code?email=%E0%A4%A' },
      { method: 'POST', url: '/api/User/forgot-password', payload: { email: null } },
      {
        method: 'POST',
        url: '/api/User/reset-password',
        payload: { email: 'a@b.co', code: '000000', password: PASSWORD, confirmPassword: PASSWORD },
      },
      { method: 'POST', url: '/api/User/google-code', payload: { code: 'x', redirectUri: 'not a url' } },
      { method: 'PUT', url: '/api/User/update-user', headers: bearer(token), payload: { firstName: 'nul\u0000name' } },
      { method: 'PUT', url: '/api/User/update-user', headers: bearer(token), payload: { phone: 994501234567 } },
      { method: 'PUT', url: '/api/User/update-user', headers: bearer(token), payload: { timeZone: null } },
      {
        method: 'PUT',
        url: '/api/User/update-owner',
        headers: bearer(token),
        payload: { currentPassword: 'a\u0000', newPassword: 'Ab1!abcdefg', confirmPassword: 'Ab1!abcdefg' },
      },
      { method: 'GET', url: '/api/User/get-user', headers: { authorization: 'Bearer \u00ff\u00fe' } },
      { method: 'GET', url: '/api/User/get-user', headers: { cookie: 'token=%E0%A4%A; language=%FF' } },
      { method: 'GET', url: '/api/User/get-user', headers: { 'accept-language': ',,;q=x,*' } },
      {
        method: 'POST',
        url: '/api/Market/create-store',
        headers: bearer(token),
        payload: { name: 'big-sector', sectorId: 3_000_000_000 },
      },
      {
        method: 'POST',
        url: '/api/Market/create-store',
        headers: bearer(token),
        payload: { name: 'float-sector', sectorId: 1.5 },
      },
      {
        method: 'POST',
        url: '/api/Market/create-store',
        headers: bearer(token),
        payload: { name: 'nul\u0000', sectorId: 1 },
      },
      {
        method: 'POST',
        url: '/api/Market/create-store',
        headers: bearer(token),
        payload: { name: 'logo-shop', sectorId: 1, logoUrl: '/uploads/\u0000' },
      },
      {
        method: 'PUT',
        url: '/api/Market/update-store',
        headers: bearer(token),
        payload: { id: '00000000-0000-0000-0000-000000000000', description: 'x' },
      },
      { method: 'PUT', url: '/api/Market/update-store', headers: bearer(token), payload: { id: 'not-a-uuid' } },
      { method: 'GET', url: '/api/Market/get-store-by-id/%00', headers: bearer(token) },
      { method: 'GET', url: `/api/Market/get-store-by-id/${'f'.repeat(65)}`, headers: bearer(token) },
      { method: 'GET', url: '/api/Market/get-store-by-name/a%00b' },
      { method: 'GET', url: '/api/Market/get-store-by-name/%E0%A4%A' },
      { method: 'GET', url: `/api/Market/get-store-by-name/${'n'.repeat(500)}` },
      { method: 'GET', url: '/api/Market/get-store-by-name/..%2F..%2Fetc%2Fpasswd' },
      { method: 'GET', url: '/uploads/..%2F..%2F..%2Fetc%2Fpasswd' },
      { method: 'GET', url: '/uploads/%00' },
      { method: 'POST', url: '/api/Media/upload', headers: { ...bearer(token), ...json }, payload: '{}' },
      {
        method: 'POST',
        url: '/api/Media/upload',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      },
      { method: 'DELETE', url: '/api/User/register' },
      { method: 'PATCH', url: '/api/Market/update-store' },
      { method: 'OPTIONS', url: '/api/User/login' },
      { method: 'GET', url: '/api/%' },
      { method: 'GET', url: '/api/Sector/get-all-sectors?x=%00' },
    ];
    for (const request of odd) {
      const response = await app.inject({ remoteAddress: newIp(), ...request });
      const label = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBeLessThan(500);
      if (response.statusCode >= 400 && String(request.url).startsWith('/api')) {
        expect(String(errorOf(response).code), label).toMatch(/^[A-Z_]+$/);
      }
    }
  });
});
