import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type Database, type Db, rowsOf } from '../db/client.js';
import { LISTENER_NAME, type Listening } from '../db/listener.js';
import { sql } from '../db/sql-text.js';

/**
 * Push invalidation (issue 18, decision 026). What a storefront request reads before its cached
 * answer — the market row with its catalog version, the site's version — is kept in memory and
 * dropped when the database says it changed, so a cache hit costs no query.
 *
 * The database tells (migration 0032): a market row's change (every write a store shows bumps
 * its catalog version, market/hooks.ts) on `market_changed`, the site's writing on
 * `site_changed`, at commit, to every process — by LISTEN/NOTIFY on PostgreSQL, in-process on
 * PGlite. The process that wrote also tells itself at once (`tell`), so its own next request
 * never waits for the notification's trip. While the listener is down nothing is kept: every
 * read goes to the database, as before, and everything kept is dropped when it is back.
 */
export type Change = { market: string } | { site: true } | { everything: true };

const CHANNELS = { market: 'market_changed', site: 'site_changed', sync: 'changes_sync' } as const;

/** The longest a write's answer waits for its change to be on its way to every process. */
const SETTLE_MS = 250;

/** The tag of what depends on the site's writing (a market's is its id). */
export const SITE_TAG = 'site';

/** How many tags' last change is remembered; beyond it, a read begun earlier than the forgotten is not kept. */
const REMEMBERED_TAGS = 20_000;

export class Changes {
  /** True while every change is heard: only then is anything kept on the strength of them. */
  live = false;
  private readonly hearers = new Set<(change: Change) => void>();
  /** Every change heard gets the next number; a read remembers the number it began at. */
  private heard = 0;
  private everythingAt = 0;
  private forgottenUpTo = 0;
  private readonly heardAt = new LRUCache<string, number>({
    max: REMEMBERED_TAGS,
    dispose: (at, _tag, reason) => {
      if (reason === 'evict') this.forgottenUpTo = Math.max(this.forgottenUpTo, at);
    },
  });
  private listening: Listening | undefined;
  /** This process's own channel: where the other processes acknowledge a write's sync (`settle`). */
  private readonly ackChannel = `changes_ack_${randomBytes(6).toString('hex')}`;
  private readonly acks = new Map<string, () => void>();

  private constructor(private readonly database: Database) {}

  /** Starts hearing the database's notifications (the first connection is waited for). */
  static async start(database: Database, log?: FastifyBaseLogger): Promise<Changes> {
    const changes = new Changes(database);
    changes.listening = await database.listen([...Object.values(CHANNELS), changes.ackChannel], {
      heard(channel, payload) {
        if (channel === changes.ackChannel) changes.acks.get(payload)?.();
        else if (channel === CHANNELS.sync) changes.acknowledge(payload);
        else if (channel === CHANNELS.market) changes.tell({ market: payload });
        else if (channel === CHANNELS.site) changes.tell({ site: true });
      },
      live(on) {
        if (on === changes.live) return;
        // Anything heard before is doubtful either way: drop it all, then trust what comes.
        changes.live = false;
        changes.tell({ everything: true });
        changes.live = on;
        if (on) log?.info('hearing the database’s changes: storefront reads are kept in memory');
        else log?.warn('not hearing the database’s changes: storefront reads go to the database until it is back');
      },
    });
    changesByDb.set(database.db, changes);
    return changes;
  }

  /** Where reads stand now: pass it to `changedSince` when the read is done. */
  get now(): number {
    return this.heard;
  }

  /** Whether a change of `tag` (or of everything) may have been heard after `since`. */
  changedSince(tag: string, since: number): boolean {
    if (this.everythingAt > since) return true;
    const at = this.heardAt.get(tag);
    return at === undefined ? this.forgottenUpTo > since : at > since;
  }

  /**
   * After a committed write on `db`: this process forgets at once, and the write's answer waits
   * until the database has sent the change to every process (`settle`). A transaction's handle
   * is left alone — its writes are not committed yet, and a read now would keep what is about
   * to change: its caller says `wrote` with the database after the commit.
   */
  async wrote(db: Db, change: Change): Promise<void> {
    if (changesByDb.get(db) !== this) return;
    this.tell(change);
    await this.settle();
  }

  /**
   * Waits until every process has heard everything committed so far. A sync token goes to all
   * listeners after the write's commit; each hears notifications in commit order, so when one
   * hears the token it has already dropped what the write changed, and it says so on the writer's
   * own channel. The writer counts the listening connections (pg_stat_activity) in the statement
   * that sends the token and answers once that many have acknowledged: the caller can't ask
   * another process anything stale after that. PGlite tells in-process as the statement returns:
   * nothing to wait for. Bounded: a process that does not answer in time is one about to be
   * found down (and a process not listening reads the database).
   */
  private async settle(): Promise<void> {
    if (!this.live || this.database.kind !== 'postgres') return;
    const token = randomBytes(8).toString('hex');
    let heard = 0;
    let expected = Number.POSITIVE_INFINITY;
    let settled = () => {};
    const all = new Promise<void>((resolve) => {
      settled = resolve;
      setTimeout(resolve, SETTLE_MS).unref();
    });
    this.acks.set(token, () => {
      if (++heard >= expected) settled();
    });
    try {
      const [row] = rowsOf<{ listeners: number }>(
        await this.database.db.execute(sql`select pg_notify(${CHANNELS.sync}, ${`${this.ackChannel} ${token}`}),
          (select count(*)::int from pg_stat_activity
            where application_name = ${LISTENER_NAME} and datname = current_database()) as listeners`),
      );
      expected = row?.listeners ?? 0;
      if (heard >= expected) settled();
      await all;
    } catch {
      // The write is committed and answered; the other processes hear it from the database.
    } finally {
      this.acks.delete(token);
    }
  }

  /** Another process's (or our own) write asks whether we heard it: everything before it, yes. */
  private acknowledge(payload: string): void {
    const [channel, token] = payload.split(' ');
    if (!channel?.startsWith('changes_ack_') || !token) return;
    this.database.db.execute(sql`select pg_notify(${channel}, ${token})`).catch(() => {});
  }

  /** Heard from the database, or said by this process right after a write of its own. */
  tell(change: Change): void {
    this.heard++;
    if ('market' in change) this.heardAt.set(change.market, this.heard);
    else if ('site' in change) this.heardAt.set(SITE_TAG, this.heard);
    else this.everythingAt = this.heard;
    for (const hear of this.hearers) hear(change);
  }

  on(hear: (change: Change) => void): () => void {
    this.hearers.add(hear);
    return () => this.hearers.delete(hear);
  }

  async stop(): Promise<void> {
    this.live = false;
    await this.listening?.stop();
  }
}

const changesByDb = new WeakMap<Db, Changes>();

/** The changes heard for a database (reads that are handed only the database, platform/auth.ts). */
export function changesOf(db: Db): Changes | undefined {
  return changesByDb.get(db);
}

/** A read to keep: its value and the tag it depends on. null: nothing found, nothing kept. */
export type Kept<V> = { value: V; tag: string } | null;

/**
 * Values read from the database, kept until a change of their tag (or of everything) is heard,
 * bounded by bytes (a platform of many stores must not grow a process without end). A read
 * begun before a change of its tag is answered but not kept, so no stale value outlives the
 * change; reads of one key at the same moment share one query until any change is heard.
 */
export class ChangeCache<V extends {}> {
  private readonly values: LRUCache<string, { value: V; tag: string }>;
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<V | null>>();

  constructor(
    private readonly changes: Changes,
    options: { maxBytes: number; sizeOf: (value: V) => number },
  ) {
    this.values = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, options.sizeOf(entry.value) + entry.tag.length + 64),
      dispose: (entry, key) => {
        const keys = this.keysByTag.get(entry.tag);
        keys?.delete(key);
        if (keys?.size === 0) this.keysByTag.delete(entry.tag);
      },
    });
    changes.on((change) => {
      // A shared read in flight may have begun before the change: later readers start their own.
      this.loading.clear();
      if ('everything' in change) return this.values.clear();
      const tag = 'market' in change ? change.market : SITE_TAG;
      for (const key of this.keysByTag.get(tag) ?? []) this.values.delete(key);
    });
  }

  get(key: string, load: () => Promise<Kept<V>>): Promise<V | null> {
    if (!this.changes.live) return load().then((read) => read?.value ?? null);
    const kept = this.values.get(key);
    if (kept) return Promise.resolve(kept.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const since = this.changes.now;
    const read = load().then((found) => {
      if (this.loading.get(key) === read) this.loading.delete(key);
      if (!found) return null;
      if (this.changes.live && !this.changes.changedSince(found.tag, since)) this.keep(key, found);
      return found.value;
    });
    this.loading.set(key, read);
    // A failed read is not shared with the next reader.
    read.catch(() => {
      if (this.loading.get(key) === read) this.loading.delete(key);
    });
    return read;
  }

  private keep(key: string, found: { value: V; tag: string }): void {
    this.values.set(key, found);
    if (!this.values.has(key)) return; // larger than the whole cache
    let keys = this.keysByTag.get(found.tag);
    if (!keys) {
      keys = new Set();
      this.keysByTag.set(found.tag, keys);
    }
    keys.add(key);
  }
}

const cachesByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A read kept in the cache named `cache` of this database's process-wide caches (one per
 * database: tests run several apps in one process), until its tag changes. A database whose
 * changes are not heard (a transaction's handle) reads every time.
 */
export function keptRead<V extends {}>(
  db: Db,
  cache: { name: string; maxBytes: number },
  key: string,
  load: () => Promise<Kept<V>>,
): Promise<V | null> {
  const changes = changesOf(db);
  if (!changes) return load().then((read) => read?.value ?? null);
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = new Map();
    cachesByDb.set(db, caches);
  }
  let kept = caches.get(cache.name) as ChangeCache<V> | undefined;
  if (!kept) {
    kept = new ChangeCache<V>(changes, { maxBytes: cache.maxBytes, sizeOf: sizeInMemory });
    caches.set(cache.name, kept);
  }
  return kept.get(key, load);
}

/** Roughly what a read's value holds in memory: its JSON's characters at two bytes each. */
function sizeInMemory(value: unknown): number {
  return typeof value === 'object' ? 2 * JSON.stringify(value).length : 16;
}
