// `npm test`: the whole API suite on embedded PGlite, again on PostgreSQL, then the browser
// journeys in Chromium. `--only pglite|pg|e2e` runs one part.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(
    `=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const npx = 'npx';
const { TEST_DATABASE_URL: _ignored, ...withoutPg } = process.env;
if (!only || only === 'pglite') {
  process.env = withoutPg;
  run('API and unit tests on PGlite', npx, ['vitest', 'run']);
}
if (!only || only === 'pg')
  run('API tests on PostgreSQL', npx, ['vitest', 'run', 'apps/server'], { TEST_DATABASE_URL: pgUrl });
if (!only || only === 'e2e') {
  ensureWebBuild();
  run('Browser journeys in Chromium', npx, ['playwright', 'test']);
}
