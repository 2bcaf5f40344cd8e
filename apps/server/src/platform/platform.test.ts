import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, lockDataDir } from '../db/client.js';
import { createTestApp, errorOf, newIp, type TestApp } from '../testing/app.js';

const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe('the running app', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health reports the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: newIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { status: 'ok', database: { kind: databaseKind, status: 'ok' } },
    });
  });

  it('/api/docs is an OpenAPI 3 document of the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs', remoteAddress: newIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/User/register']?.post).toBeDefined();
    expect(doc.paths['/api/Market/create-store']?.post).toBeDefined();
    for (const documented of [
      '/api/User/login',
      '/api/User/confirm-login',
      '/api/User/confirm-email',
      '/api/User/create-new-confirm-email-code',
      '/api/User/forgot-password',
      '/api/User/reset-password',
      '/api/User/google-code',
      '/api/User/get-user',
      '/api/User/update-owner',
      '/api/User/update-user',
      '/api/Market/get-all-store',
      '/api/Market/get-store-by-id/{id}',
      '/api/Market/get-store-by-name/{name}',
      '/api/Market/update-store',
      '/api/Sector/get-all-sectors',
      '/api/Media/upload',
    ]) {
      expect(doc.paths, documented).toHaveProperty([documented]);
    }
    const register = JSON.stringify(doc.paths['/api/User/register']!.post!.requestBody);
    for (const field of ['email', 'password', 'confirmPassword', 'acceptTerms']) expect(register).toContain(field);
    // The catch-all for unknown API paths is not an operation.
    expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
  });

  it('every answer carries the baseline security headers', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('an unknown /api path is a 404 in the envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/api/Nothing/here',
        headers: { 'accept-language': 'en' },
        remoteAddress: newIp(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    const az = await app.inject({ method: 'GET', url: '/api/User', remoteAddress: newIp() });
    expect(errorOf(az)).toEqual({ code: 'NOT_FOUND', message: 'Tapılmadı' });
  });

  it('a URL that cannot be decoded is refused in the envelope', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/Market/get-store-by-name/%E0%A4%A',
      headers: { 'accept-language': 'en' },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Check the highlighted fields' } });
  });

  it('GET /api/config tells the web what this deployment offers (the dev mailbox to this machine only)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { googleClientId: null, googleAuthorizeUrl: null, devMailbox: true },
    });
    const remote = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: newIp() });
    expect(remote.json().data.devMailbox).toBe(false);
  });
});

describe('maintenance mode', () => {
  it('answers 503 with Retry-After on the API, while health still answers', async () => {
    const test = await createTestApp({ maintenance: true });
    try {
      const call = await test.app.inject({
        method: 'GET',
        url: '/api/Sector/get-all-sectors',
        headers: { 'accept-language': 'en' },
      });
      expect(call.statusCode).toBe(503);
      expect(call.headers['retry-after']).toBe('600');
      expect(call.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable' },
      });
      expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe('a transaction PostgreSQL ended for another', () => {
  it('answers 503 with a short Retry-After, worth sending again (a deadlock is no fault of the request)', async () => {
    const test = await createTestApp();
    try {
      // As node-postgres reports it, wrapped by drizzle.
      const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' });
      const spy = vi.spyOn(test.ctx.db, 'select').mockImplementationOnce(() => {
        throw new Error('Failed query: select …', { cause: deadlock });
      });
      try {
        const call = await test.app.inject({
          method: 'GET',
          url: '/api/Sector/get-all-sectors',
          headers: { 'accept-language': 'az' },
        });
        expect(call.statusCode).toBe(503);
        expect(call.headers['retry-after']).toBe('1');
        expect(call.json().error.code).toBe('SERVICE_UNAVAILABLE');
      } finally {
        spy.mockRestore();
      }
      // Sent again, it goes through.
      const again = await test.app.inject({ method: 'GET', url: '/api/Sector/get-all-sectors' });
      expect(again.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe('health when the database is gone', () => {
  it('answers 503 "degraded" instead of failing', async () => {
    const t = await createTestApp();
    try {
      await t.ctx.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: newIp() });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        data: { status: 'degraded', database: { kind: databaseKind, status: 'unreachable' } },
      });
    } finally {
      // The database was closed on purpose: closing it again as part of the app fails.
      await t.close().catch(() => {});
    }
  });
});

describe('loadConfig', () => {
  function configError(env: NodeJS.ProcessEnv): ConfigError {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  }

  it('runs on a bare machine with embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.production).toBe(true);
  });

  it('takes good values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://shop@db:5432/shop',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://shop@db:5432/shop', poolSize: 10 });
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop', DATABASE_POOL_SIZE: '6' }).database).toMatchObject({
      poolSize: 6,
    });
    expect(config.devMailbox).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('keeps the dev mailbox (which shows codes) off against PostgreSQL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop' }).devMailbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop', DEV_MAILBOX: 'on' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
  });

  it('trusts X-Forwarded-For only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it('times slow clients out, by default as a real deployment would', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 120_000, headersMs: 20_000 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' }).timeouts).toEqual({
      requestMs: 1500,
      headersMs: 1000,
    });
  });

  it.each([
    [{ TRUST_PROXY: 'sometimes' }, /^Bad configuration: TRUST_PROXY /],
    [{ PORT: 'abc' }, /^Bad configuration: PORT /],
    [{ PORT: '70000' }, /^Bad configuration: PORT /],
    [{ PORT: '-1' }, /^Bad configuration: PORT /],
    [{ DATABASE_URL: 'mysql://root@localhost/shop' }, /^Bad configuration: DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: 'localhost:5432' }, /^Bad configuration: DATABASE_URL /],
    [{ DATABASE_POOL_SIZE: 'many' }, /^Bad configuration: DATABASE_POOL_SIZE /],
    [{ DATABASE_POOL_SIZE: '1' }, /^Bad configuration: DATABASE_POOL_SIZE /],
    [{ SMTP_URL: 'http://mail.example.com' }, /^Bad configuration: SMTP_URL must start with smtp:\/\//],
    [{ SMTP_URL: 'mail.example.com:25' }, /^Bad configuration: SMTP_URL /],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, /^Bad configuration: GOOGLE_CLIENT_SECRET is required/],
    [{ LOG_LEVEL: 'loud' }, /^Bad configuration: LOG_LEVEL /],
    [{ REQUEST_TIMEOUT_MS: 'soon' }, /^Bad configuration: REQUEST_TIMEOUT_MS must be a whole number of milliseconds/],
    [{ REQUEST_TIMEOUT_MS: '0' }, /^Bad configuration: REQUEST_TIMEOUT_MS /],
    [{ HEADERS_TIMEOUT_MS: '-5' }, /^Bad configuration: HEADERS_TIMEOUT_MS /],
    [
      { REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' },
      /^Bad configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS/,
    ],
  ])('refuses %j with a one-line reason', (env, reason) => {
    const error = configError(env);
    expect(error.message).toMatch(reason);
    expect(error.message).not.toContain('\n');
  });
});

describe('lockDataDir', () => {
  const clientModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/client.ts');
  let dir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
  });
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Another server process that takes the lock and keeps running. */
  async function holder(dataDir: string): Promise<ChildProcess> {
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(clientModule)});
      lockDataDir(${JSON.stringify(dataDir)});
      process.stdout.write('locked\\n');
      setInterval(() => {}, 1000);
    `;
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    for await (const chunk of proc.stdout!) {
      out += String(chunk);
      if (out.includes('locked')) break;
    }
    expect(out).toContain('locked');
    return proc;
  }

  it('refuses the directory while another live process holds it, and takes over once it died', async () => {
    const dataDir = path.join(dir, 'busy');
    child = await holder(dataDir);
    const lockFile = path.join(dataDir, '.lock');
    expect(readFileSync(lockFile, 'utf8')).toBe(String(child.pid));

    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    const message = (refused as Error).message;
    expect(message).toContain(`in use by process ${child.pid}`);
    expect(message).toContain(dataDir);
    expect(message).not.toContain('\n');
    expect(readFileSync(lockFile, 'utf8')).toBe(String(child.pid));

    // The holder dies without cleaning up: its lock is stale.
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(lockFile)).toBe(true);
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock file naming a process that no longer exists, or holding garbage', async () => {
    const dataDir = path.join(dir, 'stale');
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, '.lock'), String(gone.pid));
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(String(process.pid));
    unlock();

    await writeFile(path.join(dataDir, '.lock'), 'not a pid');
    const again = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(String(process.pid));
    again();
  });

  it('a free directory is locked and released', () => {
    const dataDir = path.join(dir, 'free', 'nested');
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
  });
});
