// Figure (issue 2): `npm start` after install, build included, to the first 200 from
// /api/health (< 90 s); and a restart with the build already there (< 5 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startProcess, waitForHealth } from './lib.mjs';

const port = 3291;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const health = `http://127.0.0.1:${port}/api/health`;

async function measure(label) {
  const started = Date.now();
  const server = startProcess(process.execPath, [path.join(root, 'scripts/start.mjs')], env);
  try {
    await waitForHealth(health, 180_000, server.child);
    const ms = Date.now() - started;
    console.log(`${label}: first 200 from /api/health after ${(ms / 1000).toFixed(2)} s`);
    return ms;
  } finally {
    await server.stop();
  }
}

// As on a fresh clone: no web build, and no cache of compiled TypeScript (tsx keeps one in tmp).
fs.rmSync(path.join(root, 'apps/web/build'), { recursive: true, force: true });
for (const entry of fs.readdirSync(os.tmpdir())) {
  if (entry.startsWith('tsx-')) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
}
const cold = await measure('fresh start (web build + new database + migrations + demo seed)');
const warm = await measure('restart (build and database already there)');
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ coldSeconds: cold / 1000, restartSeconds: warm / 1000 }));
if (cold > 90_000 || warm > 5_000) process.exitCode = 1;
