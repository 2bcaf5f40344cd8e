import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client.js';

/**
 * The tests' embedded databases start migrated: each test file's app used to migrate a fresh
 * PGlite (~3 s, two dozen migrations), now it loads a dump of one migrated once per set of
 * migrations (vitest's global setup makes it). Its name is the migrations' hash, so a new or
 * changed migration makes a new one; without it (a seed script outside vitest) apps migrate as
 * before.
 */
export function pgliteTemplatePath(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(os.tmpdir(), `shop-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The template if it is there. */
export function existingPgliteTemplate(): string | undefined {
  const file = pgliteTemplatePath();
  return fs.existsSync(file) ? file : undefined;
}

/** Makes the template unless it is there: a PGlite in memory, migrated, dumped. */
export async function buildPgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: undefined });
  try {
    await database.migrate();
    const dump = await (database.dump as () => Promise<Blob>)();
    // Written whole, then moved into place: a reader never sees half of it.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}
