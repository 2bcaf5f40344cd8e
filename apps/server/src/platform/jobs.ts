import os from 'node:os';
import { rowsOf } from '../db/client.js';
import { sql } from '../db/sql-text.js';
import type { AppContext } from './context.js';

/**
 * Periodic work that must run once per period across all processes (DESIGN §6). On PostgreSQL
 * a transaction-scoped advisory lock picks one process per run; embedded mode is one process.
 * A run that is still going when the next is due is skipped, not stacked.
 */
export function schedule(ctx: AppContext, name: string, everyMs: number, task: () => Promise<unknown>): () => void {
  let running = false;
  const run = async () => {
    // The disk nearly full (platform/disk-space.ts): the job runs again when space returns.
    if (running || ctx.disk?.low) return;
    running = true;
    try {
      await runExclusively(ctx, name, task);
    } catch (error) {
      ctx.log.error({ err: error, job: name }, 'scheduled job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs `task` unless another process is running the job of that name; true when it ran. */
export async function runExclusively(ctx: AppContext, name: string, task: () => Promise<unknown>): Promise<boolean> {
  if (ctx.database.kind === 'pglite') {
    await task();
    return true;
  }
  return ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`);
    if (!rowsOf<{ locked: boolean }>(result)[0]?.locked) return false;
    await task();
    return true;
  });
}

/**
 * How many batches of one job run at once: on PostgreSQL as many as the database has cores to
 * spare for them (two here; a settlement day's batches are the database's work, each on its own
 * connection), at most a third of the pool; embedded, one — PGlite is one connection.
 */
export function jobWorkers(ctx: Pick<AppContext, 'config'>): number {
  const database = ctx.config.database;
  if (database.kind === 'pglite') return 1;
  return Math.max(1, Math.min(4, os.availableParallelism(), Math.floor(database.poolSize / 3)));
}

/** Runs `work` for each item, `workers` at a time, in the items' order; the first failure is thrown once all stop. */
export async function eachInParallel<T>(items: T[], workers: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      while (next < items.length && !failures.length) {
        const item = items[next++] as T;
        try {
          await work(item);
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  if (failures.length) throw failures[0];
}
