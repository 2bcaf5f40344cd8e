import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { StorageUnavailableError } from './storage.js';

/** The channel on which a process asks whoever holds an upload's lock to let it go. */
const RELEASE_CHANNEL = 'upload_release';
/** As tus's own in-memory locker: a request that can not have the lock in this long fails. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** Between two tries for a lock another process holds (it was asked to let go). */
const RETRY_MS = 50;
/** Between two asks to the holder in another process to let go. */
const ASK_AGAIN_MS = 1_000;

/** Every lock connection's name, as pg_stat_activity shows it. */
export const UPLOAD_LOCKS_NAME = 'shop-upload-locks';

/**
 * One upload, one request at a time, across every process on the same PostgreSQL (issue 18's two
 * processes behind a balancer; decision 025 left tus's in-memory locker, which only sees its own
 * process). tus locks an upload for each request on it: a chunk being written, the HEAD that asks
 * where the upload stands, its removal. Without a shared lock a browser that retries a stalled
 * chunk through another process is told an offset while the first process is still writing, and
 * both write the same bytes' place.
 *
 * A lock is a session advisory lock on a connection of this process's own (not the pool's: it
 * is held for as long as a chunk takes), keyed by a 64-bit hash of the upload's id. PostgreSQL
 * drops the locks of a connection that goes, so a process that dies holds nothing; a process
 * whose connection goes asks its own holders to stop (they no longer hold anything). Advisory
 * locks are re-entrant within a session, so this process's holders are also kept in a map: the
 * lock is tried only by the first. A request that finds the lock taken asks its holder to let go —
 * this process's by calling it, another's by a notification that process listens for on its lock
 * connection — as tus's own locker does: the newer request wins, the older stops once its drain
 * time is over (tus's `lockDrainTimeout`).
 */
export class PostgresUploadLocker implements Locker {
  private client: Promise<pg.Client> | null = null;
  /** The connection whose loss ends this process's locks. */
  private current: pg.Client | null = null;
  private closed = false;
  /** This process's holders: the upload's id → how to ask the request that holds it to stop. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    private readonly url: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this);
  }

  /** The lock connection, connected (and listening for release requests) on first use. */
  connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('upload locks closed'));
    this.client ??= this.connect();
    return this.client;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: UPLOAD_LOCKS_NAME });
    this.current = client;
    const lost = () => {
      if (this.current !== client) return;
      this.current = null;
      this.client = null;
      client.end().catch(() => {});
      // Whatever this process held went with the connection: its holders stop (and find the
      // lock again through a new connection when the browser tries once more).
      for (const release of this.held.values()) void release();
    };
    client.on('error', (error) => {
      this.log?.warn({ err: error }, 'upload lock connection lost');
      lost();
    });
    client.on('end', lost);
    client.on('notification', (message) => {
      const release = message.payload ? this.held.get(message.payload) : undefined;
      if (release) void release();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(RELEASE_CHANNEL)}`);
    } catch (error) {
      lost();
      throw error;
    }
    return client;
  }

  /** The connection that now holds the upload's lock in PostgreSQL; null when another has it. */
  async tryLock(id: string): Promise<pg.Client | null> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [id],
    );
    return rows[0]?.locked === true ? client : null;
  }

  /** Asks the process that holds the upload's lock, whichever it is, to let it go. */
  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  /**
   * Lets go of what `holder` took on `on`: in PostgreSQL first, then in the map, so that no
   * other request of this process takes the lock before it is free. A connection since lost
   * holds nothing any more.
   */
  async unlock(id: string, on: pg.Client, holder: RequestRelease): Promise<void> {
    try {
      if (on === this.current) await on.query('select pg_advisory_unlock(hashtextextended($1, 0))', [id]);
    } catch {
      // The connection went meanwhile, and its locks with it.
    } finally {
      if (this.held.get(id) === holder) this.held.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.client?.catch(() => null);
    this.current = null;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

class PostgresUploadLock implements Lock {
  private taken: { on: pg.Client; holder: RequestRelease } | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresUploadLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    try {
      if (await this.acquire(stopSignal, requestRelease)) return;
    } catch (error) {
      // The database out of reach: uploads wait (503 with Retry-After, platform/uploads.ts).
      throw new StorageUnavailableError(error);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  /** true once held; false when the request stopped or the time ran out first. */
  private async acquire(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<boolean> {
    const held = this.locker.held;
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = 0;
    while (!stopSignal.aborted && Date.now() < deadline) {
      const holder = held.get(this.id);
      if (holder) {
        // This process's own request holds it: asked to stop, it unlocks within its drain time.
        await holder();
      } else {
        // Taken in the map first, so that no other request of this process tries meanwhile.
        held.set(this.id, requestRelease);
        let on: pg.Client | null = null;
        try {
          on = await this.locker.tryLock(this.id);
        } finally {
          if (!on && held.get(this.id) === requestRelease) held.delete(this.id);
        }
        if (on) {
          this.taken = { on, holder: requestRelease };
          return true;
        }
        // Asked once, then again every second (a holder that had not started its request yet).
        if (Date.now() - asked >= ASK_AGAIN_MS) {
          asked = Date.now();
          await this.locker.askRelease(this.id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    return false;
  }

  async unlock(): Promise<void> {
    const taken = this.taken;
    this.taken = null;
    if (taken) await this.locker.unlock(this.id, taken.on, taken.holder);
  }
}
