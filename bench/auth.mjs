// Figures (issue 2) on PostgreSQL: login (argon2id verify) ≥ 40 logins/s on 2 cores, and
// GET /User/get-user ≥ 5,000 req/s. Loopback only, bounded in time, stops by itself.
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { benchPgUrl, serverArgs, startProcess, waitForHealth } from './lib.mjs';

ensureWebBuild();

const baseUrl = benchPgUrl;
const dbName = `bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

const port = 3292;
const origin = `http://127.0.0.1:${port}`;
const server = startProcess(process.execPath, serverArgs(), {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: 'warn',
  DEV_MAILBOX: 'on',
  RATE_LIMIT_MULTIPLIER: '1000000',
});

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
async function call(path, init) {
  const response = await fetch(`${origin}/api${path}`, init);
  const payload = await response.json();
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(payload)}`);
  return payload.data;
}
async function latestCode(email) {
  const mails = await call('/Dev/mailbox');
  const mail = mails.find((m) => m.to === email);
  return mail.text.match(/\b(\d{6})\b/)[1];
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: origin, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

try {
  await waitForHealth(`${origin}/api/health`, 60_000, server.child);
  const password = 'Bench-Pass-2026!';
  const users = [];
  for (let i = 0; i < 20; i++) {
    const email = `bench${i}@shop.az`;
    await call('/User/register', json({ email, password, confirmPassword: password, acceptTerms: true }));
    await call('/User/confirm-email', json({ email, code: await latestCode(email) }));
    users.push(email);
  }

  let i = 0;
  const login = await run({
    duration: 10,
    connections: 8,
    requests: [
      {
        method: 'POST',
        path: '/api/User/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ login: users[i++ % users.length], password, rememberMe: false }),
        }),
      },
    ],
  });
  const loginOk = login['2xx'];
  console.log(
    `login: ${(loginOk / login.duration).toFixed(1)} logins/s (2xx ${loginOk}, non-2xx ${login.non2xx}), p50 ${login.latency.p50} ms, p99 ${login.latency.p99} ms`,
  );

  const email = users[0];
  await call('/User/login', json({ login: email, password, rememberMe: true }));
  const { token } = await call('/User/confirm-login', json({ email, code: await latestCode(email) }));
  const getUser = await run({
    duration: 10,
    connections: 64,
    pipelining: 1,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', path: '/api/User/get-user' }],
  });
  console.log(
    `get-user: ${getUser.requests.average.toFixed(0)} req/s (2xx ${getUser['2xx']}, non-2xx ${getUser.non2xx}), p50 ${getUser.latency.p50} ms, p99 ${getUser.latency.p99} ms`,
  );
  console.log(
    JSON.stringify({ loginsPerSecond: loginOk / login.duration, getUserPerSecond: getUser.requests.average }),
  );
} finally {
  await server.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
