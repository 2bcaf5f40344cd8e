// `npm run bench [startup|auth|catalog|upload|cv-upload|checkout|lcp|storefront|cache-hits|size|search|site|orders|payouts|long-tail]`: runs the named benchmarks (all by default), one at a time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const all = [
  'startup',
  'auth',
  'catalog',
  'upload',
  'cv-upload',
  'checkout',
  'lcp',
  'storefront',
  'cache-hits',
  'size',
  'search',
  'site',
  'orders',
  'payouts',
  'long-tail',
];
/** Benchmarks whose file is not named after them. */
const files = { lcp: 'storefront-lcp', size: 'storefront-size' };
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
let failed = false;
for (const name of chosen.length ? chosen : all) {
  console.log(`\n=== bench: ${name} (Node.js ${process.versions.node}) ===`);
  // The Node.js that runs this runner runs every benchmark and its server (bench/README.md).
  const result = spawnSync(process.execPath, [path.join(root, 'bench', `${files[name] ?? name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
