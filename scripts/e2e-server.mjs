// The server the browser journeys run against: a fresh embedded database every run, seeded first
// (scripts/e2e-seed.ts: the demo store and a custom domain of it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
// Every journey comes from 127.0.0.1 and several sign in as the demo merchant within a minute:
// the per-address and per-account limits are raised (the API tests prove the limits themselves).
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'on',
  NODE_ENV: 'production',
  RATE_LIMIT_MULTIPLIER: '100',
  // The reminder journey waits for the job: every 5 s instead of every minute.
  ABANDONED_JOB_MS: '5000',
  // The staff journey's account (e2e/accounts.ts STAFF_MEMBER), registered by the seed.
  STAFF_EMAILS: 'staff@e2e.test',
  // The domains journey (e2e/domains.spec.ts) answers the domain checks from its own DNS server
  // on this port (E2E_DNS_PORT: another run's journeys may hold 5399), with the records a merchant
  // would create pointing at these.
  DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT ?? '5399'}`,
  DOMAIN_TARGET: 'shops.e2e.test',
  DOMAIN_IPS: '127.0.0.1',
};

const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/e2e-seed.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (seeded.status !== 0) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(seeded.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
