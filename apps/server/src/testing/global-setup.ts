import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPgliteTemplate } from './pglite-template.js';

/**
 * Vitest's global setup: the fault tests run the real server process, which serves the web app
 * from its build; build it when missing or older than its sources (scripts/web-build.mjs). On
 * PGlite, the migrated database every test file's app starts from.
 */
export default async function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/web-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
  // The embedded databases of the test files start from one migrated once (testing/pglite-template.ts).
  if (!process.env.TEST_DATABASE_URL) await buildPgliteTemplate();
}
