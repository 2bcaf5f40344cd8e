import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Extension, PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../config.js';
import { EmbeddedDatabaseStopped, markConnectFailure } from './faults.js';
import { type Hearing, type Listening, listenOnPostgres } from './listener.js';
import type * as schema from './schema/index.js';
import { buildPlainTemplatesFast, sql } from './sql-text.js';

/**
 * The database as the services use it. Opened without the schema (the services write their own
 * statements and never use drizzle's relational queries, `db.query`): with it, every transaction
 * built one relational query builder per table (PgDatabase's constructor), five transactions an
 * order on the buying path.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A cheap round trip for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Hears notifications on `channels` (migration 0032's triggers; platform/changes.ts). */
  listen(channels: string[], hearing: Hearing): Promise<Listening>;
  /** The embedded database as a tarball (PGlite only): what a later one may start from. */
  dump?(): Promise<Blob>;
}

/** The migrations the server applies at start: their folder. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * At most this many statements are kept prepared on one connection; beyond it (statements whose
 * text varies with their input) they run unprepared, so a connection's memory stays bounded.
 */
const PREPARED_PER_CONNECTION = 500;

/** Names by statement text, so that a statement's text is hashed once per process, not per use. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    // Texts that vary with their input would grow the map without bound: start again instead.
    if (statementNames.size >= 10_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** drizzle opens a transaction with `begin` (and options) and ends it with `commit` or `rollback`. */
const BEGIN = /^begin\b/i;
const END = /^(commit|rollback)\b/i;

/** pg's query object, with the internals this file builds on (its statements' results, BatchQuery). */
interface PgQuery {
  name: string | undefined;
  types: unknown;
  queryMode: string | undefined;
  rows: number | undefined;
  binary: boolean | undefined;
  portal: string;
  _rowMode: string | undefined;
  _result: PgResult;
  _results: PgResult | PgResult[];
  prepare(connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
}
interface PgConnection {
  parsedStatements: Record<string, string>;
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows?: number }): void;
  sync(): void;
}
type QueryCallback = (error: Error | null, results: unknown) => void;
const PgQueryClass = (
  pg as unknown as {
    Query: new (config: unknown, values: unknown, callback: QueryCallback) => PgQuery;
  }
).Query;

/** A field of a RowDescription, as pg-protocol parses it. */
interface Field {
  name: string;
  dataTypeID: number;
  format: string;
}
type Parser = (value: unknown) => unknown;
/** pg's result of one statement, with the internals a shaped one replaces. */
interface PgResult {
  command: string | null;
  fields: Field[];
  _types: { getTypeParser(oid: number, format: string): Parser } | undefined;
  _parsers: Parser[] | undefined;
}
const PgResultClass = (pg as unknown as { Result: new (rowMode: unknown, types: unknown) => PgResult }).Result;

/** The columns of a statement's rows, with the parser of each: what pg worked out again for every use. */
interface RowShape {
  fields: Field[];
  names: string[];
  parsers: Parser[];
}

/** Shapes by prepared statement (and row mode and type parsers): bounded as the statements' names are. */
const rowShapes = new Map<string, RowShape>();

function sameFields(a: Field[], b: Field[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Field;
    const y = b[i] as Field;
    if (x.name !== y.name || x.dataTypeID !== y.dataTypeID || x.format !== y.format) return false;
  }
  return true;
}

/**
 * A statement's result whose columns are worked out once per prepared statement. pg works them
 * out for every result (Result.addFields: a parser looked up per column, and a template row that
 * every row is copied from — a dictionary-mode object), 5 % of the server's CPU in bench checkout,
 * and parseRow's copy another 2 %. The shape is checked against each RowDescription (names, types,
 * formats), so a statement whose columns changed is worked out again. Rows as arrays are pg's own
 * (its array parser reads `_parsers`).
 */
class ShapedResult extends PgResultClass {
  private names: string[] = [];

  constructor(
    rowMode: string | undefined,
    types: unknown,
    private readonly shapeKey: string | null,
  ) {
    super(rowMode, types);
  }

  addFields(fields: Field[]): void {
    this.fields = fields;
    let shape = this.shapeKey === null ? undefined : rowShapes.get(this.shapeKey);
    if (shape === undefined || !sameFields(shape.fields, fields)) {
      const types = this._types ?? pg.types;
      shape = {
        fields,
        names: fields.map((field) => field.name),
        parsers: fields.map((field) => {
          const parse = (types as PgResult['_types'] & object).getTypeParser(field.dataTypeID, field.format || 'text');
          return field.format === 'binary' ? (value: unknown) => parse(Buffer.from(value as Uint8Array)) : parse;
        }),
      };
      if (this.shapeKey !== null) {
        if (rowShapes.size >= 10_000) rowShapes.clear();
        rowShapes.set(this.shapeKey, shape);
      }
    }
    this._parsers = shape.parsers;
    this.names = shape.names;
  }

  /** A row as an object, its keys in the columns' order (a later column of the same name wins, as in pg). */
  parseRow(values: unknown[]): Record<string, unknown> {
    const { names } = this;
    const parsers = this._parsers as Parser[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      row[names[i] as string] = value === null ? null : (parsers[i] as Parser)(value);
    }
    return row;
  }
}

/** What a query config carries beyond its text (drizzle's: name, types, rowMode; ours: queryMode). */
interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  types?: unknown;
  rowMode?: string;
  queryMode?: string;
  rows?: number;
  binary?: boolean;
  portal?: string;
}

/**
 * A statement as pg runs it, with a shaped result (ShapedResult). Built from the text alone and
 * given the rest here: pg copies a config object with its property descriptors
 * (utils.cloneQueryConfig, 2.4 % of the server's CPU in bench checkout), a text it takes as it is.
 */
class ShapedQuery extends PgQueryClass {
  private readonly shapeKey: string | null;

  constructor(config: QueryConfig, values: unknown, callback: QueryCallback) {
    super(config.text, values ?? config.values, callback);
    this.name = config.name;
    this.types = config.types;
    this.queryMode = config.queryMode;
    this.rows = config.rows;
    this.binary = config.binary;
    this.portal = config.portal ?? '';
    this._rowMode = config.rowMode;
    // A statement's text names it; drizzle always passes the same type parsers for one text.
    this.shapeKey =
      config.name === undefined ? null : `${config.name} ${config.rowMode ?? ''} ${config.types ? 't' : ''}`;
    this._result = new ShapedResult(config.rowMode, config.types, this.shapeKey);
    this._results = this._result;
  }

  /** pg's own, with a shaped result for each statement after the first (BatchQuery's begin ahead). */
  _checkForMultirow(): void {
    if (!this._result.command) return;
    if (!Array.isArray(this._results)) this._results = [this._result];
    this._result = new ShapedResult(this._rowMode, this._result._types, this.shapeKey);
    this._results.push(this._result);
  }
}

/**
 * A statement of a transaction written in one message batch with the transaction's `begin` ahead
 * of it (its first statement) and/or its `commit` behind it (its last, executeAndCommit):
 * PostgreSQL runs them in order and answers all before the batch's one Sync, so a transaction
 * costs one or two round trips less. Should the statement fail, PostgreSQL skips the commit (it
 * skips to the Sync), and the transaction is rolled back as any other. pg answers the results as
 * a list; the statement's is the one after the begin.
 */
class BatchQuery extends ShapedQuery {
  constructor(
    private readonly begin: string | null,
    private readonly commit: string | null,
    config: QueryConfig,
    values: unknown,
    callback: QueryCallback,
  ) {
    super(config, values, (error, results) =>
      callback(error, Array.isArray(results) ? results[begin === null ? 0 : 1] : results),
    );
  }

  override prepare(connection: PgConnection): void {
    if (this.begin !== null) writeUnnamed(connection, this.begin);
    super.prepare(connection);
  }

  /** pg's last step of a statement (execute, then Sync): the commit goes between them. */
  override _getRows(connection: PgConnection, rows: number | undefined): void {
    if (this.commit === null || rows) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal });
    writeUnnamed(connection, this.commit);
    connection.sync();
  }
}

/** A statement without parameters (begin, commit), prepared once per connection and run. */
function writeUnnamed(connection: PgConnection, text: string) {
  const name = statementName(text);
  if (connection.parsedStatements[name] === undefined) {
    connection.parse({ text, name, types: [] });
    connection.parsedStatements[name] = text;
  }
  connection.bind({ portal: '', statement: name, values: [] });
  connection.execute({ portal: '' });
}

/**
 * Runs `statement` as the last of the transaction `tx`, its commit written right behind it (one
 * round trip for both; with the transaction's held begin, one for all three). Once it has
 * answered, the transaction is committed: drizzle's own commit after it is answered at once, and
 * nothing in the transaction may write or fail after it — a rollback could undo nothing. Not in
 * a nested transaction (it commits the outer one). On PGlite, or outside a transaction, it is the
 * statement alone.
 */
export function executeAndCommit(tx: Db, statement: SQL): Promise<unknown> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof PreparingClient) client.commitNext = true;
  return tx.execute(statement);
}

/** `statement` on `tx`; with `last`, as its transaction's last, carrying the commit (executeAndCommit). */
export function executeLast(tx: Db, statement: SQL, last: boolean): Promise<unknown> {
  return last ? executeAndCommit(tx, statement) : tx.execute(statement);
}

/**
 * A connection that prepares every parameterised statement once, by a name derived from its
 * text, and afterwards only binds and executes it: PostgreSQL skips parsing and rewriting on
 * each use, which is most of its CPU for the short statements of a shop (adding to a cart:
 * 1.6 ms of PostgreSQL CPU per add before, bench/README.md). A transaction's `begin` is sent with
 * its first statement (BegunQuery) rather than on its own: a round trip less for every
 * transaction (five an order on the buying path).
 */
class PreparingClient extends pg.Client {
  private prepared = 0;
  /** The `begin` of a transaction that has not sent a statement yet. */
  private begin: string | null = null;
  /** The next statement is its transaction's last: its commit goes with it (executeAndCommit). */
  commitNext = false;
  /** The transaction was committed with its last statement: its own commit has nothing to do. */
  private committed = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A lost connection (PostgreSQL restarting, pg_terminate_backend, the network) is emitted as
    // 'error' on the client. pg's pool listens only while the client is idle: one checked out
    // for a transaction had no listener, and Node ends the process on an unheard 'error'. Its
    // statements fail by themselves (the request answers 503, platform/errors.ts) and the pool
    // drops the broken client when it comes back, so there is nothing more to do here.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's two forms (callback, promise) pass through unchanged.
  override connect(callback?: any): any {
    // Whatever stops a connection from opening (refused, database closed or dropped, too many
    // connections) means the database is out of reach, which the error alone does not always say.
    if (typeof callback === 'function') {
      return super.connect((error: Error) => {
        if (error) markConnectFailure(error);
        callback(error);
      });
    }
    return super.connect().catch((error: unknown) => {
      markConnectFailure(error);
      throw error;
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads cannot be forwarded one by one.
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config?.text === 'string' && config.name === undefined ? (config.text as string) : null;
    const commit = this.commitNext;
    this.commitNext = false;
    if (text !== null && callback === undefined) {
      // drizzle's transaction() awaits its `begin` before the try whose `finally` gives the client
      // back to the pool; held back here, it can not fail there (on a connection just lost, that
      // kept the client out of the pool for good). Its first statement carries it: failing, it
      // fails inside the try, and the pool drops the broken client when it comes back.
      if (BEGIN.test(text) && this.begin === null) {
        this.begin = text;
        this.committed = false;
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
      }
      if (END.test(text) && (this.committed || this.begin !== null)) {
        // Committed with its last statement, or ended before any statement (nothing was begun).
        this.committed = false;
        this.begin = null;
        return Promise.resolve({ command: text.split(/\s/)[0]?.toUpperCase(), rowCount: null, rows: [], fields: [] });
      }
      if (this.begin !== null || commit) {
        const begin = this.begin;
        this.begin = null;
        return this.submit(
          (done) =>
            new BatchQuery(
              begin,
              commit ? 'commit' : null,
              { ...this.named(config), queryMode: 'extended' },
              values,
              (error, result) => {
                if (!error && commit) this.committed = true;
                done(error, result);
              },
            ),
        );
      }
    }
    if (this.begin !== null) {
      // Anything else after a held `begin` (not what drizzle sends): the begin goes first, on its own.
      const begin = this.begin;
      this.begin = null;
      super.query(begin).catch(() => {});
    }
    if (text !== null) {
      // A callback as the values (pg's two-argument form) or after them (pg-pool's query, which
      // every statement outside a transaction takes).
      const done = typeof values === 'function' ? values : callback;
      const params = typeof values === 'function' ? undefined : values;
      if (typeof done === 'function') {
        super.query(new ShapedQuery(this.named(config), params, done) as unknown as pg.QueryConfig);
        return undefined;
      }
      return this.submit((settled) => new ShapedQuery(this.named(config), params, settled));
    }
    return super.query(this.named(config), values, callback);
  }

  /** A query object of ours run (pg takes one as it is, a "submittable"), its result as a promise. */
  private submit(make: (settled: QueryCallback) => PgQuery): Promise<unknown> {
    return new Promise((resolve, reject) => {
      super.query(make((error, result) => (error ? reject(error) : resolve(result))) as unknown as pg.QueryConfig);
    }).catch((error: unknown) => {
      // As pg does: the stack leads back to the statement's caller, not to the socket's read.
      if (error instanceof Error) Error.captureStackTrace(error);
      throw error;
    });
  }

  /**
   * The statement under its prepared name when it is a parameterised one (known on this
   * connection, or room for one more), else as it came.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as query's.
  private named(config: any): any {
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      typeof config.submit !== 'function'
    ) {
      const name = statementName(config.text);
      // Known once parsed or already sent (queued behind another query): pg's internal maps.
      // biome-ignore lint/suspicious/noExplicitAny: the connection's statement maps are internal.
      const connection = (this as any).connection;
      const known =
        connection?.parsedStatements?.[name] !== undefined ||
        connection?.submittedNamedStatements?.[name] !== undefined;
      if (known || this.prepared < PREPARED_PER_CONNECTION) {
        if (!known) this.prepared++;
        return { ...config, name };
      }
    }
    return config;
  }
}

/** Any number stays the same for every process of one deployment; it names our migration lock. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(database: Config['database'], log?: FastifyBaseLogger): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize, Client: PreparingClient });
    // A pool error (e.g. the server restarting) must not crash the process; queries will fail
    // and be reported by the request that made them.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { casing: 'snake_case' }) as unknown as Db;
    buildPlainTemplatesFast(db);
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several processes may start at once: one migrates, the others wait for it. On a
        // connection of its own, not the pool's (whose clients are given back by a failed
        // `begin`, see PreparingClient): the migrator's transactions run on this one client.
        const client = new pg.Client({ connectionString: database.url });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          await client.end();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      listen: (channels, hearing) => listenOnPostgres(database.url, channels, hearing),
      close: () => pool.end(),
    };
  }

  // pg_trgm backs the catalog search index; PGlite loads extensions at start.
  const options = {
    extensions: { pg_trgm, abortWatch: abortWatch(log) },
    ...(database.loadDataDir ? { loadDataDir: new Blob([fs.readFileSync(database.loadDataDir)]) } : {}),
  };
  const client = database.dataDir ? new EmbeddedPGlite(database.dataDir, options) : new EmbeddedPGlite(options);
  await client.waitReady;
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  buildPlainTemplatesFast(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channels, hearing) {
      // One process, one database: a notification is heard as its statement returns, never missed.
      const stops = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => hearing.heard(channel, payload))),
      );
      hearing.live(true);
      return {
        async stop() {
          if (client.stoppedBy === undefined && !client.closed) await Promise.all(stops.map((stop) => stop()));
        },
      };
    },
    // A stopped instance can't even be told to close.
    close: () => (client.stoppedBy === undefined ? client.close() : Promise.resolve()),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/**
 * PGlite that refuses statements once its PostgreSQL has aborted, instead of hanging the process.
 *
 * A PANIC of PostgreSQL (its write-ahead log can't be written: the disk is full) aborts the
 * WebAssembly instance. PGlite 0.5 swallows the abort, and its next statement loops for ever in
 * execProtocolRawSync, synchronously: the event loop stops at 100 % CPU, nothing answers, nothing
 * is logged (electric-sql/pglite#1058). The disk guard keeps the server away from that
 * (platform/disk-space.ts); should it come anyway, every statement fails at once with
 * EmbeddedDatabaseStopped (503, platform/errors.ts), health says so, and the log says why.
 */
class EmbeddedPGlite extends PGlite {
  /** What aborted the instance, once it has. */
  stoppedBy: string | undefined;

  override execProtocolRawSync(message: Uint8Array): Uint8Array {
    if (this.stoppedBy !== undefined) {
      throw new EmbeddedDatabaseStopped(
        `the embedded database stopped after a fatal error of PostgreSQL (${this.stoppedBy}); restart the server`,
      );
    }
    return super.execProtocolRawSync(message);
  }
}

/**
 * Hears the abort through Emscripten's `onAbort`, which PGlite lets an extension set (its setup
 * may amend the module's options). Nothing else of PGlite tells that the instance died.
 */
function abortWatch(log: FastifyBaseLogger | undefined): Extension {
  return {
    name: 'abort-watch',
    setup: async (pg, emscriptenOpts) => ({
      emscriptenOpts: {
        ...emscriptenOpts,
        onAbort(what: unknown) {
          const reason = what === undefined || what === '' ? 'PostgreSQL aborted' : String(what);
          (pg as EmbeddedPGlite).stoppedBy = reason;
          log?.fatal(
            { reason },
            'the embedded database stopped after a fatal error (most often: its disk is full); every request that needs it fails until the server is restarted',
          );
        },
      },
    }),
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite's data directory must never be opened by two processes (DESIGN §1): take a lock file
 * holding our pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${pid}; embedded mode runs one process. Stop it or set DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The rows of `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
