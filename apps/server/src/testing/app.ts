import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import type { AppContext } from '../platform/context.js';

/**
 * The real server for API tests: `buildApp` with the web left out. With TEST_DATABASE_URL set,
 * each test app gets its own PostgreSQL database (created here, dropped on close); otherwise an
 * in-memory PGlite. Uploads go to a temporary directory.
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(tmp, { recursive: true, force: true })];
  let database: Config['database'] = { kind: 'pglite', dataDir: undefined };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && !overrides.database) {
    const name = `t_${randomBytes(8).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString() };
    cleanups.unshift(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const config = testConfig({ database, dataDir: tmp, uploadsDir: path.join(tmp, 'uploads'), ...overrides });
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, { web: 'none' });
  } catch (error) {
    for (const cleanup of cleanups) await cleanup();
    throw error;
  }
  const { app, ctx } = built;
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        for (const cleanup of cleanups) await cleanup();
      }
    },
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---- Callers ---------------------------------------------------------------------------------

let counter = 0;
const ipBase = randomBytes(2);

/** A client address of its own, so per-address rate limits of other tests don't interfere. */
export function newIp(): string {
  counter++;
  return `10.${ipBase[0]}.${(ipBase[1]! + (counter >> 8)) % 256}.${counter % 256}`;
}

/** An address nobody has used yet. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

export const PASSWORD = 'Str0ng-Pass!';

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The outbox as the dev mailbox shows it, newest first. */
export async function mailbox(app: FastifyInstance, email?: string): Promise<MailView[]> {
  const response = await app.inject({ method: 'GET', url: '/api/Dev/mailbox', remoteAddress: newIp() });
  if (response.statusCode !== 200) throw new Error(`mailbox: ${response.statusCode} ${response.body}`);
  const mails = (response.json() as { data: MailView[] }).data;
  return email ? mails.filter((m) => m.to === email.toLowerCase()) : mails;
}

/** The six-digit code of the newest mail to `email`. */
export async function readLatestCode(app: FastifyInstance, email: string): Promise<string> {
  const [latest] = await mailbox(app, email);
  const code = latest?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

function expectStatus(what: string, response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export interface Account {
  email: string;
  password: string;
  /** The address the account was created from; reuse it to stay within its own limits. */
  ip: string;
}

/** Registers an account and confirms its e-mail with the mailed code. */
export async function registerConfirmed(
  app: FastifyInstance,
  email = uniqueEmail(),
  options: { password?: string; ip?: string; language?: 'az' | 'en' | 'ru' } = {},
): Promise<Account> {
  const password = options.password ?? PASSWORD;
  const ip = options.ip ?? newIp();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/User/register',
    remoteAddress: ip,
    payload: {
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
      ...(options.language ? { language: options.language } : {}),
    },
  });
  expectStatus('register', registered, 200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/User/confirm-email',
    remoteAddress: ip,
    payload: { email, code: await readLatestCode(app, email) },
  });
  expectStatus('confirm-email', confirmed, 200);
  return { email: email.toLowerCase(), password, ip };
}

/** Signs in with both steps (password, then the mailed code) and returns the session token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { ip?: string; rememberMe?: boolean } = {},
): Promise<string> {
  const ip = options.ip ?? newIp();
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/login',
    remoteAddress: ip,
    payload: { login: email, password, rememberMe: options.rememberMe ?? false },
  });
  expectStatus('login', login, 200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/User/confirm-login',
    remoteAddress: ip,
    payload: { email, code: await readLatestCode(app, email) },
  });
  expectStatus('confirm-login', confirmed, 200);
  return (confirmed.json() as { data: { token: string } }).data.token;
}

/** A confirmed, signed-in merchant. */
export async function merchant(app: FastifyInstance, email = uniqueEmail('merchant')) {
  const account = await registerConfirmed(app, email);
  const token = await signIn(app, account.email, account.password, { ip: account.ip });
  return { ...account, token };
}

export interface ErrorEnvelope {
  code: string;
  message: string;
  fields?: Record<string, { code: string; message: string }>;
}

/** The error of an envelope; fails loudly when the response is a success. */
export function errorOf(response: { json(): unknown; body: string }): ErrorEnvelope {
  const parsed = response.json() as { error?: ErrorEnvelope };
  if (!parsed.error) throw new Error(`expected an error envelope, got ${response.body}`);
  return parsed.error;
}

/** The field codes of a validation failure, e.g. `{ password: 'tooShort' }`. */
export function fieldCodes(response: { json(): unknown; body: string }): Record<string, string> {
  return Object.fromEntries(Object.entries(errorOf(response).fields ?? {}).map(([field, f]) => [field, f.code]));
}

/** A six-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
