import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
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
