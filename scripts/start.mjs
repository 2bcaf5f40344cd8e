// `npm start`: build what is missing, then run the server (which migrates, seeds the demo in
// embedded mode and prints where to open it). Signals are passed on for a graceful stop.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Node.js 24 LTS is the supported runtime and 22 still runs quietly (decision 013); 20.19+ runs
// with a one-line warning (the server then does not repeat it); older cannot build or run the app.
const node = process.versions.node;
const [major, minor] = node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`Node.js ${node} cannot run this project: install Node.js 24 LTS.\n`);
  process.exit(1);
}
if (major < 22) {
  process.stderr.write(`Warning: Node.js ${node} is past its end of life and not supported: use Node.js 24 LTS.\n`);
}

ensureWebBuild();
const main = path.join(root, 'apps/server/src/main.ts');
const server = spawn(process.execPath, ['--import', 'tsx', main, '--node-warned'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
