// Builds the web app when its build is missing or older than its sources. Used by `npm start`
// and the browser tests so that a fresh clone needs no separate build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server builds of react-router.config.ts `serverBundles` (decision 029).
export const serverBuilds = ['store', 'platform'].map((id) => path.join(root, `apps/web/build/server/${id}/index.js`));
const sources = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/shared/src',
  'package-lock.json',
].map((p) => path.join(root, p));

function newest(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) max = Math.max(max, newest(path.join(file, entry)));
  return max;
}

export function ensureWebBuild({ force = false } = {}) {
  const built = serverBuilds.every((file) => fs.existsSync(file))
    ? Math.min(...serverBuilds.map((file) => fs.statSync(file).mtimeMs))
    : 0;
  if (!force && built && built >= Math.max(...sources.map(newest))) return false;
  process.stdout.write('Building the web app…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The web build failed.\n');
    process.exit(result.status ?? 1);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild({ force: process.argv.includes('--force') });
