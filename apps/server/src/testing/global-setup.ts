import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPgliteTemplate, buildPostgresTemplate } from './database-templates.js';

/**
 * Vitest's global setup: the fault tests run the real server process, which serves the web app
 * from its build; build it when missing or older than its sources (scripts/web-build.mjs). Then
 * the migrated database every test app starts from.
 */
export default async function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/web-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
  // The test files' databases start from one migrated once (testing/database-templates.ts).
  if (process.env.TEST_DATABASE_URL) await buildPostgresTemplate(process.env.TEST_DATABASE_URL);
  else await buildPgliteTemplate();
}
