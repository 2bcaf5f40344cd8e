// Same-sitting A/B of a store page's render: two checkouts of the project (say main and a git
// worktree at an older commit, its node_modules linked) each run their server on its own embedded
// demo store, and requests alternate between them in blocks of 50, one at a time, every one a
// page-cache miss (a new query string). Each server's CPU (all its threads, /proc) over its own
// blocks gives its CPU a render. This machine's speed drifts by tens of per cent between and
// within sittings; interleaving puts A and B in the same conditions (an A/A run agrees within 1 %).
//
//   node bench/ab.mjs <treeA> <treeB> [renders]      (each tree with a fresh `node scripts/web-build.mjs`)
//   AB_PATHS='/demo-store,/demo-store/product/{first}'  pages ({first}: the store's first product)
//   AB_FLAGS_A / AB_FLAGS_B                            Node flags of either server
//
// Loopback only; bounded by a 10-minute watchdog; removes its data directories.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForHealth } from './lib.mjs';

const [treeA, treeB, rendersArg] = process.argv.slice(2);
if (!treeA || !treeB) {
  console.error('usage: node bench/ab.mjs <treeA> <treeB> [renders]');
  process.exit(2);
}
const BLOCK = 50;
const renders = Math.max(BLOCK, Math.round(Number(rendersArg ?? 1500) / BLOCK) * BLOCK);
const flags = (name) => (process.env[name] ?? '').split(' ').filter(Boolean);

function start(tree, port, nodeFlags) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'on',
  };
  delete env.DATABASE_URL; // embedded: each server its own demo store
  const main = path.join(path.resolve(tree), 'apps/server/src/main.ts');
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', main], {
    cwd: path.resolve(tree),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, dataDir, origin: `http://127.0.0.1:${port}` };
}

/** CPU time of a process so far, ms (user + system, all threads). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const servers = [start(treeA, 3401, flags('AB_FLAGS_A')), start(treeB, 3402, flags('AB_FLAGS_B'))];
const cleanUp = () => {
  for (const s of servers) {
    s.child.kill();
    rmSync(s.dataDir, { recursive: true, force: true });
  }
};
const watchdog = setTimeout(
  () => {
    console.error('ab bench: over 10 minutes, stopping');
    cleanUp();
    process.exit(1);
  },
  10 * 60 * 1000,
);

try {
  for (const s of servers) await waitForHealth(`${s.origin}/api/health`, 180_000, s.child);
  const pathsOf = async (origin) => {
    const market = (await (await fetch(`${origin}/api/Market/get-store-by-name/demo-store`)).json()).data;
    const first = (await (await fetch(`${origin}/api/Products/all/${market.id}?pageSize=1`)).json()).data.items[0];
    return (process.env.AB_PATHS ?? '/demo-store,/demo-store/product/{first}')
      .split(',')
      .map((p) => p.replace('{first}', first.id));
  };
  const paths = await Promise.all(servers.map((s) => pathsOf(s.origin)));
  const headers = { cookie: 'language=az', accept: 'text/html', 'accept-encoding': 'br' };
  const get = async (origin, page, i) => {
    const response = await fetch(`${origin}${page}${page.includes('?') ? '&' : '?'}ab=${i}`, { headers });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${origin}${page}: ${response.status}`);
    return bytes;
  };
  // Warm-up: the JIT and the stores' caches, alike for both.
  for (let i = 0; i < 400; i++) {
    for (let k = 0; k < paths[0].length; k++)
      for (let s = 0; s < 2; s++) await get(servers[s].origin, paths[s][k], -i - 1);
  }
  for (let k = 0; k < paths[0].length; k++) {
    const cpu = [0, 0];
    const bytes = [0, 0];
    for (let block = 0; block < renders / BLOCK; block++) {
      for (let s = 0; s < 2; s++) {
        const before = cpuMs(servers[s].child.pid);
        for (let i = 0; i < BLOCK; i++) bytes[s] = await get(servers[s].origin, paths[s][k], block * BLOCK + i);
        cpu[s] += cpuMs(servers[s].child.pid) - before;
      }
    }
    const [a, b] = cpu.map((ms) => ms / renders);
    console.log(
      `${paths[0][k].replace(/[0-9a-f-]{36}/, '{id}')}: A ${a.toFixed(2)} ms a render (${bytes[0]} B of HTML), B ${b.toFixed(2)} ms (${bytes[1]} B), B/A ${(b / a).toFixed(3)}`,
    );
  }
} finally {
  clearTimeout(watchdog);
  cleanUp();
}
