// Shared pieces of the benchmarks: start the real server as a child process, wait for health.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function waitForHealth(url, timeoutMs, child) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

/** Starts `command` with env; resolves to { child, stop() }. */
export function startProcess(command, args, env, { quiet = true, cwd = root } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, stop };
}

/** The server's command line, from this checkout or from `tree` (another checkout). */
export function serverArgs(tree = root) {
  return ['--import', 'tsx', path.join(tree, 'apps/server/src/main.ts')];
}

/** Where the local PostgreSQL listens on its Unix socket (Debian's packages). */
const PG_SOCKET_DIR = '/var/run/postgresql';

/**
 * The PostgreSQL the benchmarks use: BENCH_PG_URL, else the local `test` database — over its Unix
 * socket when there is one, as a server on the database's machine connects (DATABASE_URL
 * `postgres://user@localhost/db?host=/var/run/postgresql`; ~15 % less server CPU a statement than
 * loopback TCP), else over TCP.
 */
export const benchPgUrl =
  process.env.BENCH_PG_URL ??
  (fs.existsSync(path.join(PG_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@localhost/test?host=${PG_SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/test');

/**
 * A fresh PostgreSQL database next to benchPgUrl's: resolves to { url, admin, drop() }. `admin`
 * stays connected to the base database.
 */
export async function freshDatabase(prefix = 'bench') {
  const { default: pg } = await import('pg');
  const baseUrl = benchPgUrl;
  console.log(`PostgreSQL: ${new URL(baseUrl).searchParams.get('host') ? 'Unix socket' : 'TCP'} (${baseUrl})`);
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { url: url.toString(), admin, drop };
}

/** JSON calls to the API at `origin`; `token` signs them in. Answers the envelope's `data`. */
export function apiClient(origin) {
  const call = async (path, { method = 'GET', body, token } = {}) => {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
    return payload.data;
  };
  const latestCode = async (email) => {
    const mails = await call('/Dev/mailbox');
    const mail = mails.find((m) => m.to === email);
    return mail.text.match(/\b(\d{6})\b/)[1];
  };
  /** Register, confirm, sign in (the server needs DEV_MAILBOX=on); resolves to the token. */
  const signUp = async (email, password = 'Bench-Pass-2026!') => {
    await call('/User/register', {
      method: 'POST',
      body: { email, password, confirmPassword: password, acceptTerms: true },
    });
    await call('/User/confirm-email', { method: 'POST', body: { email, code: await latestCode(email) } });
    await call('/User/login', { method: 'POST', body: { login: email, password, rememberMe: true } });
    const { token } = await call('/User/confirm-login', {
      method: 'POST',
      body: { email, code: await latestCode(email) },
    });
    return token;
  };
  return { call, latestCode, signUp };
}

/** Median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The server serves the web build next to the API. API benchmarks don't measure pages: any
 * existing build will do (rebuilding a stale one would race with work on apps/web); only a
 * missing one is built.
 */
export async function ensureAnyWebBuild() {
  const fs = await import('node:fs');
  const { ensureWebBuild, serverBuilds } = await import('../scripts/web-build.mjs');
  if (serverBuilds.every((file) => fs.existsSync(file))) return;
  ensureWebBuild();
}

/**
 * Where the CPU went during a run (Linux /proc): the server process (user and system), every
 * PostgreSQL process, this load generator, and the machine as a whole. `const meter =
 * cpuMeter(serverPid)` before the run, `meter.stop()` after: milliseconds of CPU per part and the
 * machine's busy share. Without /proc (another OS) it answers null.
 */
export function cpuMeter(serverPid) {
  const tick = 10; // ms per clock tick (USER_HZ 100 on Linux)
  const procTicks = (pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return { user: Number(fields[11]), system: Number(fields[12]) };
    } catch {
      return null;
    }
  };
  /** Every PostgreSQL process's CPU ticks now, by pid. */
  const postgresNow = () => {
    const ticks = new Map();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      } catch {
        continue;
      }
      const t = procTicks(entry);
      if (t) ticks.set(entry, t.user + t.system);
    }
    return ticks;
  };
  const machine = () => {
    const [, ...n] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = n[3] + n[4];
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  const self = () => process.cpuUsage();
  if (!fs.existsSync('/proc/stat')) return { stop: () => null };
  const start = { server: procTicks(serverPid), self: self(), machine: machine() };
  // Backends come and go (pools open and close connections): each one's ticks are sampled four
  // times a second, counted from its first sight (from 0 when it started during the run), so one
  // that ends during the run still counts up to its last sample.
  const first = postgresNow();
  const last = new Map(first);
  const sample = () => {
    for (const [pid, ticks] of postgresNow()) {
      if (!first.has(pid) && !last.has(pid)) first.set(pid, 0);
      last.set(pid, ticks);
    }
  };
  const sampling = setInterval(sample, 250);
  sampling.unref();
  return {
    stop() {
      clearInterval(sampling);
      sample();
      let postgresTicks = 0;
      for (const [pid, ticks] of last) postgresTicks += ticks - (first.get(pid) ?? 0);
      const server = procTicks(serverPid);
      const m = machine();
      const mine = process.cpuUsage(start.self);
      const total = m.total - start.machine.total;
      return {
        serverUserMs: server && start.server ? (server.user - start.server.user) * tick : null,
        serverSystemMs: server && start.server ? (server.system - start.server.system) * tick : null,
        postgresMs: postgresTicks * tick,
        loadGeneratorMs: Math.round((mine.user + mine.system) / 1000),
        machineBusy: total > 0 ? Number((1 - (m.idle - start.machine.idle) / total).toFixed(2)) : null,
      };
    },
  };
}

/**
 * A lean HTTP/1.1 client for load generators: keep-alive connections (at most `connections`)
 * and no WHATWG streams, so the load generator takes less of the two cores it shares with the
 * server than `fetch` does (~3× less CPU per request here). `request(method, path, { json,
 * form, headers })` resolves to { status, headers, text, json() }.
 */
export async function leanClient(origin, connections = 64) {
  const http = await import('node:http');
  const zlib = await import('node:zlib');
  // As a browser asks (Chrome's header), when BENCH_ACCEPT_ENCODING says: answers come compressed.
  const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
  const decoded = (body, encoding) =>
    encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(origin);
  const request = (method, path, { json, form, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      let payload;
      if (json !== undefined) {
        payload = JSON.stringify(json);
        headers = { ...headers, 'content-type': 'application/json' };
      } else if (form !== undefined) {
        payload = new URLSearchParams(form).toString();
        headers = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      }
      if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
      if (acceptEncoding) headers = { ...headers, 'accept-encoding': acceptEncoding };
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path, method, headers },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = decoded(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8');
            resolve({
              status: response.statusCode,
              headers: response.headers,
              text,
              json: () => JSON.parse(text),
            });
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

/** A bench server's environment: as in production, on loopback, limits and mail out of the way. */
function serverEnv({ port, database, dataDir, publicUrl, env }) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEV_MAILBOX: 'on',
    RATE_LIMIT_MULTIPLIER: '1000000',
    PUBLIC_URL: publicUrl,
    NODE_ENV: 'production',
    ...env,
  };
}

/**
 * A second server process on `database` (as behind Caddy: several processes, one PostgreSQL),
 * listening on `port`, its own data directory, the first's public address — from `tree`, another
 * checkout of the project, when given (an A/B of two versions); resolves once healthy
 * to { origin, pid, stop() }.
 */
export async function anotherServer({ database, port, publicUrl, env = {}, tree }) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const dataDir = mkdtempSync(`${os.tmpdir()}/bench-another-`);
  const server = startProcess(
    process.execPath,
    serverArgs(tree && path.resolve(tree)),
    serverEnv({ port, database, dataDir, publicUrl, env }),
    { cwd: tree ? path.resolve(tree) : root },
  );
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${origin}/api/health`, 90_000, server.child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: server.child.pid, stop };
}

/**
 * A copy of `database` (a freshDatabase), rows and schema, in a new database of its own — for an
 * A/B whose sides differ in their migrations (each server migrates its own copy at start) or in a
 * statement run on one copy only (`sql`). pg_dump reads one snapshot while the source is in use.
 */
export async function copyDatabase(database, prefix, sql) {
  const copy = await freshDatabase(prefix);
  const dumped = spawnSync(
    'sh',
    ['-c', 'pg_dump --format=custom "$SOURCE" | pg_restore --no-owner --dbname="$TARGET"'],
    {
      env: { ...process.env, SOURCE: database.url, TARGET: copy.url },
      encoding: 'utf8',
    },
  );
  if (dumped.status !== 0) {
    await copy.drop();
    throw new Error(`copying the database failed: ${dumped.stderr}`);
  }
  if (sql) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  return copy;
}

/**
 * The server of a benchmark, as in production, on a fresh PostgreSQL database and data
 * directory: `name` names both (and the watchdog's message), `env` adds to the environment.
 * Profiling aid: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it.
 * However the run ends it ends: after `minutes` the watchdog cleans up and exits. `cleanUp()`
 * stops the server and drops the database (kept with BENCH_KEEP_DATABASE=1). Resolves once the
 * server answers /api/health.
 */
export async function benchServer({ name, port, env = {}, minutes, healthTimeoutMs = 90_000 }) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  await ensureAnyWebBuild();
  const database = await freshDatabase(`bench_${name}`);
  const dataDir = mkdtempSync(`${os.tmpdir()}/bench-${name}-`);
  const origin = `http://127.0.0.1:${port}`;
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = startProcess(
    process.execPath,
    [...nodeArgs, ...serverArgs()],
    serverEnv({ port, database, dataDir, publicUrl: origin, env }),
  );
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    clearTimeout(watchdog);
    await server.stop();
    if (process.env.BENCH_KEEP_DATABASE === '1') {
      console.log(`database kept: ${database.url}`);
      await database.admin.end();
    } else {
      await database.drop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(
    async () => {
      console.error(`${name} bench: over ${minutes} minutes, stopping`);
      await cleanUp();
      process.exit(1);
    },
    minutes * 60 * 1000,
  ).unref();
  try {
    await waitForHealth(`${origin}/api/health`, healthTimeoutMs, server.child);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { origin, database, server, cleanUp };
}

/**
 * A merchant signed up through the API (the server needs DEV_MAILBOX=on) with a store named
 * `storeName`: resolves to { call, token, owner, market } — `call(path, init)` signed in as the owner.
 */
export async function benchStore(origin, email, storeName) {
  const api = apiClient(origin);
  const token = await api.signUp(email);
  const call = (path, init = {}) => api.call(path, { token, ...init });
  const owner = await call('/User/get-user');
  const [sector] = await call('/Sector/get-all-sectors');
  const market = await call('/Market/create-store', {
    method: 'POST',
    body: { name: storeName, sectorId: sector.id },
  });
  return { call, token, owner, market };
}

/** A small seeded PRNG (mulberry32): the same data and the same load on every run of a benchmark. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The machine's ceiling for an HTTP answer: Fastify answering {"hello":"world"} in a process of
 * its own, as Fastify's own benchmark does (issue 18: every figure is read against it). This
 * machine's speed varies between sittings (a virtual machine's neighbours): the issue was written
 * at 58,600–60,500 req/s, other sittings measured 38,000–90,000. `start` answers { origin, stop };
 * `measure` its req/s over `seconds` at 16 connections.
 */
export const helloWorld = {
  /** The reference the issue's figures were measured against (its text: 58,600–60,500 req/s). */
  issueRps: 59_500,
  async start(port) {
    const source = `
const app = require(${JSON.stringify(path.join(root, 'node_modules/fastify'))})({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/health', async () => ({ ok: true }));
app.listen({ port: ${port}, host: '127.0.0.1' });`;
    const child = startProcess(process.execPath, ['-e', source], { NODE_ENV: 'production' });
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(`${origin}/api/health`, 20_000, child.child);
    return { origin, stop: () => child.stop() };
  },
  async measure(origin, seconds = 8) {
    const { default: autocannon } = await import('autocannon');
    const result = await new Promise((resolve, reject) =>
      autocannon({ url: `${origin}/`, duration: seconds, connections: 16 }, (error, answer) =>
        error ? reject(error) : resolve(answer),
      ),
    );
    return Math.round(result.requests.average);
  },
};

/**
 * A fixed piece of JavaScript — JSON and string work of the kind a render does, 2,000 round trips
 * of a ~20 KB object — timed on the bench's own thread (best of three): to compare this machine's
 * speed between sittings (the hello-world says little of it: see long-tail.mjs).
 */
export function javascriptReferenceMs() {
  const page = {
    products: Array.from({ length: 60 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Yaylıq qara kətan bluza ${i}`,
      price: 13_999 + i,
      images: [`/uploads/owner/${i}-abcdef0123456789.webp`],
      options: ['Ölçü', 'Rəng'],
    })),
  };
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    let length = 0;
    for (let i = 0; i < 2_000; i++) {
      const text = JSON.stringify(page);
      length += JSON.parse(text).products.length + text.replace(/ı/g, 'i').length;
    }
    if (length === 0) throw new Error('unreachable');
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}
