import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { expect, vi } from 'vitest';
import type { TestApp } from './app.js';

/**
 * A transaction of the test that holds the rows `lock` locks (PostgreSQL) until it is let go, so
 * that requests started meanwhile really meet on them; `monitor`, a connection of its own, watches
 * the statements that queue.
 */
export async function holdRows(t: TestApp, lock: SQL) {
  const monitor = new pg.Client({ connectionString: (t.config.database as { url: string }).url });
  await monitor.connect();
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  let last: SQL | undefined;
  const holder = t.ctx.db.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await released;
    if (last) await tx.execute(last);
  });
  await isLocked;

  /** Statements of the test's database waiting for a lock now. */
  const waiting = async () => {
    const { rows } = await monitor.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0]!.n;
  };
  return {
    waiting,
    /** Resolves once at least `count` statements queue on locks. */
    async whenWaiting(count: number, { timeout = 20_000, interval = 25 } = {}) {
      await vi.waitFor(
        async () => {
          expect(await waiting()).toBeGreaterThanOrEqual(count);
        },
        { timeout, interval },
      );
    },
    /** Lets go, after running `statement` in the holding transaction, and waits for its commit. */
    async release(statement?: SQL) {
      last = statement;
      letGo();
      await holder;
    },
    /** For a `finally`: lets go (if not yet) and closes the monitor. */
    async end() {
      letGo();
      await holder.catch(() => {});
      await monitor.end();
    },
  };
}

/**
 * Runs `fire` while a transaction holds `lock`; on PostgreSQL it lets go once `waiting`
 * statements queue on locks, so the requests really meet. PGlite is one connection: it runs them
 * one after the other, and they must end the same.
 */
export async function atOnce<T>(t: TestApp, lock: SQL, waiting: number, fire: () => Promise<T>): Promise<T> {
  if (t.ctx.database.kind !== 'postgres') {
    expect(t.ctx.database.kind).toBe('pglite');
    return fire();
  }
  const held = await holdRows(t, lock);
  try {
    const pending = fire();
    await held.whenWaiting(waiting);
    await held.release();
    return await pending;
  } finally {
    await held.end();
  }
}
