import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client.js';

/**
 * The tests' databases start migrated. Each test app used to migrate a new database (PGlite ~3 s,
 * PostgreSQL ~1 s, three dozen migrations); now one is migrated once per set of migrations (vitest's
 * global setup makes it) and each app starts from a copy: on PGlite a dump loaded, on PostgreSQL a
 * template database (CREATE DATABASE … TEMPLATE, ~0.15 s). Its name holds the migrations' hash, so
 * a new or changed migration makes a new one; without it (a seed script outside vitest) apps
 * migrate as before.
 */
let hashed: string | undefined;
function migrationsHash(): string {
  if (hashed) return hashed;
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hashed = hash.digest('hex').slice(0, 16);
  return hashed;
}

export function pgliteTemplatePath(): string {
  return path.join(os.tmpdir(), `shop-pglite-migrated-${migrationsHash()}.tar.gz`);
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

/** The PostgreSQL template's name: a database of the cluster TEST_DATABASE_URL names. */
export function postgresTemplateName(): string {
  return `shop_test_migrated_${migrationsHash()}`;
}

/** `work` with a client on the admin database (TEST_DATABASE_URL's), closed after. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the PostgreSQL template unless it is there: a database migrated under a name of its own,
 * then renamed (a test never copies one half made), marked a template; the templates of other
 * migrations are dropped, so that they do not pile up in the cluster.
 */
export async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'shop\\_test\\_migrated\\_%'",
    );
    for (const { datname } of rows) {
      if (datname === name) continue;
      await admin.query(`alter database ${datname} is_template false`).catch(() => {});
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    if (rows.some((row) => row.datname === name)) return;
    const partial = `${name}_partial_${process.pid}`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database ${partial} rename to ${name}`);
    } catch (error) {
      // Another run made it meanwhile (42P04: the name is taken): that one serves.
      await admin.query(`drop database if exists ${partial} with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
      return;
    }
    await admin.query(`alter database ${name} is_template true`);
  });
  return name;
}
