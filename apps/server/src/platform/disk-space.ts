import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** How often the free space is looked at: one statfs call, a few microseconds. */
const POLL_MS = 1000;

/**
 * Watches the free space of the embedded database's disk (DATA_DIR) and says when it is under
 * the reserve.
 *
 * Why: PGlite does not survive a full disk. When PostgreSQL cannot write its write-ahead log it
 * PANICs, which in PGlite aborts the WebAssembly instance; PGlite 0.5 swallows that abort, and
 * its next statement loops for ever on the dead instance (execProtocolRawSync waits for the
 * instance to read the message, which it never does): the event loop is held at 100 % CPU, no
 * request is answered — not even /api/health — nothing is logged, and freeing space does not
 * help. The only safe course is not to get there: while free space is under the reserve, writing
 * requests are refused (503 STORAGE_FULL, app.ts) and the background writers wait (jobs, page
 * views); reads and health keep answering, and everything resumes by itself once space returns.
 * Requests that write a little on a GET (an order's status asking the provider) fit in the
 * reserve.
 */
export class DiskSpaceGuard {
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private isLow = false;
  private statfsFailing = false;
  /** Free bytes at the last look (undefined before the first or when statfs fails). */
  freeBytes: number | undefined;

  constructor(
    readonly dir: string,
    readonly reserveBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether free space is under the reserve: writes are refused, background writers wait. */
  get low(): boolean {
    return this.isLow;
  }

  /** Looks now, then every POLL_MS until `close`. */
  async start(): Promise<this> {
    await this.check();
    this.timer ??= setInterval(() => void this.check(), POLL_MS);
    this.timer.unref();
    return this;
  }

  /** Looks at the free space now (also when a write just failed for want of it). */
  check(): Promise<void> {
    this.checking ??= this.look().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async look() {
    let free: number;
    try {
      const stats = await statfs(this.dir);
      // bavail, not bfree: what an unprivileged writer may still use.
      free = stats.bavail * stats.bsize;
    } catch (error) {
      // Can't tell: keep the last state rather than flap on a transient failure; said once.
      if (!this.statfsFailing) this.log.warn({ err: error, dir: this.dir }, 'disk space: statfs failed');
      this.statfsFailing = true;
      return;
    }
    this.statfsFailing = false;
    this.freeBytes = free;
    const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
    if (!this.isLow && free < this.reserveBytes) {
      this.isLow = true;
      this.log.error(
        { dir: this.dir, freeBytes: free, reserveBytes: this.reserveBytes },
        `disk space low: ${mb(free)} MB free in ${this.dir}, under the reserve of ${mb(this.reserveBytes)} MB (DISK_RESERVE_MB); writes are refused until space is freed`,
      );
    } else if (this.isLow && free >= this.reserveBytes * 1.25) {
      // A quarter of the reserve above it before writes resume: no flapping around the line.
      this.isLow = false;
      this.log.warn(
        { dir: this.dir, freeBytes: free, reserveBytes: this.reserveBytes },
        `disk space recovered: ${mb(free)} MB free in ${this.dir}; writes resume`,
      );
    }
  }
}
