// `npm test`: the whole API suite on embedded PGlite, again on PostgreSQL, then the browser
// journeys in Chromium. `--only pglite|pg|e2e` runs one part. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tests-'));
const totals = { passed: 0, failed: 0 };

/** Runs one part; its JSON report adds to the totals. */
function run(title, args, env, count) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counted = { passed: 0, failed: result.status === 0 ? 0 : 1 };
  try {
    counted = count();
  } catch {
    // No report: the runner failed before testing; the exit status decides.
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  process.stdout.write(`=== ${title}: ${counted.passed} passed, ${counted.failed} failed in ${seconds} s ===\n`);
  if (result.status !== 0) finish(result.status ?? 1);
}

function vitest(title, file, filter, env = {}) {
  const report = path.join(reports, file);
  run(
    title,
    ['vitest', 'run', ...filter, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    () => {
      const json = JSON.parse(fs.readFileSync(report, 'utf8'));
      return { passed: json.numPassedTests, failed: json.numFailedTests };
    },
  );
}

function finish(status) {
  fs.rmSync(reports, { recursive: true, force: true });
  process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(status);
}

if (!only || only === 'pglite') {
  const { TEST_DATABASE_URL: _pg, ...env } = process.env;
  process.env = env;
  vitest('API and unit tests on PGlite', 'pglite.json', []);
}
if (!only || only === 'pg') vitest('API tests on PostgreSQL', 'pg.json', ['apps/server'], { TEST_DATABASE_URL: pgUrl });
if (!only || only === 'e2e') {
  ensureWebBuild();
  const report = path.join(reports, 'e2e.json');
  run(
    'Browser journeys in Chromium',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    () => {
      const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
      return { passed: stats.expected, failed: stats.unexpected + stats.flaky };
    },
  );
}
finish(totals.failed > 0 ? 1 : 0);
