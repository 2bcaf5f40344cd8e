import fs from 'node:fs';
import path from 'node:path';

/**
 * What a failure of the database means to the caller: out of reach for now (503, try again), out
 * of disk (503, writes refused until space returns), or a real fault (500). Errors arrive wrapped
 * (drizzle's DrizzleQueryError keeps the driver's error as `cause`), so the whole chain is read.
 */

/**
 * PostgreSQL codes of a lost or refused connection: class 08 (connection exception), the server
 * shutting down or terminating the backend (57P01 admin_shutdown — also pg_terminate_backend —,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now), no connection left (53300), and the database
 * gone or closed to connections under us (3D000 dropped or renamed).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
/** Socket and name-resolution failures on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|is not currently accepting connections/;

/** Connect failures of any kind (marked by the pool's client, db/client.ts): the database can't be reached. */
const connectFailures = new WeakSet<object>();

export function markConnectFailure(error: unknown) {
  if (error && typeof error === 'object') connectFailures.add(error);
}

/**
 * The embedded database (PGlite) stopped after a fatal error of PostgreSQL (a PANIC: e.g. its
 * write-ahead log could not be written) and refuses every statement until the server restarts.
 */
export class EmbeddedDatabaseStopped extends Error {}

/**
 * PostgreSQL ended the statement's transaction to let another go on: it was one of two waiting
 * on each other (40P01 deadlock_detected) or could not be serialized (40001). Nothing of it was
 * kept; sent again, it goes through.
 */
export function isTransactionConflict(error: unknown): boolean {
  return someCause(error, (e) => {
    const { code } = e as { code?: unknown };
    return code === '40P01' || code === '40001';
  });
}

/** Seconds a caller is told to wait (Retry-After) after its transaction was ended for another's. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/** Seconds a caller is told to wait (Retry-After) when the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether `error` says the database is out of reach (lost or refused connection), not that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => {
    if (connectFailures.has(e) || e instanceof EmbeddedDatabaseStopped) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === 'string' && UNAVAILABLE_ERRNOS.has(code)) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
  });
}

/** Whether `error` says the disk is full: PostgreSQL's disk_full (53100) or the file system's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  return someCause(error, (e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    return typeof message === 'string' && message.includes('No space left on device');
  });
}

/** Walks `cause` (and AggregateError's `errors`, as a connect to several addresses fails). */
function someCause(error: unknown, test: (error: object) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  if (test(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => someCause(e, test, depth + 1))) return true;
  return someCause(cause, test, depth + 1);
}

/**
 * PGlite runs PostgreSQL compiled to WebAssembly over Emscripten's file system, whose failures
 * are thrown as `ErrnoError { errno }` — not Error instances, and with Emscripten's own numbers.
 */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  20: 'EEXIST',
  29: 'EIO',
  44: 'ENOENT',
  48: 'ENOMEM',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The errno name of a Node or PGlite file-system error (`ENOSPC` …), if it is one. */
export function errnoOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  return undefined;
}

/** A file-system failure in words, naming the directory: "no space left on device in /srv/data". */
export function describeFsFailure(errno: string, dir: string): string {
  switch (errno) {
    case 'ENOSPC':
      return `no space left on device in ${dir}`;
    case 'EROFS':
      return `${dir} is on a read-only filesystem`;
    case 'EACCES':
    case 'EPERM':
      return `${dir} is not writable by this user`;
    case 'EIO':
      return `input/output error in ${dir} (a failing disk?)`;
    default:
      return `${errno} in ${dir}`;
  }
}

/** Any thrown value as one line: Error messages, PGlite's errno objects, and anything else. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.message;
  const errno = errnoOf(error);
  if (errno) return errno;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** A start that can't go on, in one line that names the cause and the path (main.ts prints it). */
export class StartFailure extends Error {}

/**
 * The reason a start failed, naming the real cause and where: file-system failures (Node's, and
 * PGlite's errno objects, which would print as "[object Object]") become "no space left on device
 * in /srv/data/db (…)"; anything else keeps its own words.
 */
export function explainStartFailure(error: unknown, dir: string): Error {
  if (error instanceof StartFailure) return error;
  const errno = errnoOf(error);
  if (!errno) return error instanceof Error ? error : new StartFailure(describeThrown(error));
  // Node names the file it failed on (the directory is named for a file of its own: the lock, the
  // write test); PGlite does not, so the directory it was given stands in.
  const { path: failedPath, syscall } = error as { path?: unknown; syscall?: unknown };
  const where =
    typeof failedPath === 'string' && path.dirname(path.resolve(failedPath)) !== path.resolve(dir)
      ? nearestDirectory(failedPath)
      : dir;
  const cause = errno === 'ENOENT' ? (writeFailureOf(where) ?? errno) : errno;
  const details: string[] = [];
  // The original errno only when it is the cause (not mkdir's ENOENT on a read-only disk).
  if (cause === errno) {
    details.push(
      error instanceof Error ? `${errno}${typeof syscall === 'string' ? ` on ${syscall}` : ''}` : `PGlite: ${errno}`,
    );
  }
  if (cause === 'ENOSPC') details.push(`${freeSpaceOf(where)} free`);
  return new StartFailure(`${describeFsFailure(cause, where)}${details.length ? ` (${details.join('; ')})` : ''}`);
}

/**
 * Checks before anything else that DATA_DIR can be written (the lock, the embedded database,
 * uploads), so that a full or read-only disk is named as such rather than as whatever step
 * happened to fail first.
 */
export function checkDataDirWritable(dir: string) {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, 'ok');
  } catch (error) {
    throw explainStartFailure(error, dir);
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/**
 * The errno of writing into `dir`, asked of its nearest existing ancestor: Node's recursive mkdir
 * on a read-only file system answers ENOENT (it does not say EROFS), which would send the reader
 * looking for a missing directory.
 */
function writeFailureOf(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      if (fs.existsSync(at)) {
        fs.accessSync(at, fs.constants.W_OK);
        return undefined;
      }
    } catch (error) {
      return errnoOf(error);
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** The directory of `p` (or `p` itself when it is one, or when it does not exist yet). */
function nearestDirectory(p: string): string {
  try {
    return fs.statSync(p).isDirectory() ? p : path.dirname(p);
  } catch {
    return p;
  }
}

function freeSpaceOf(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = fs.statfsSync(at);
      const bytes = stats.bavail * stats.bsize;
      return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.floor(bytes / 1024)} KB`;
    } catch {
      if (path.dirname(at) === at) return 'unknown space';
    }
  }
}

/**
 * A unique constraint refused the write (PostgreSQL 23505), optionally a named one: the caller
 * turns it into its own 409 (a name taken, a code in use). Read along the chain like the others.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') {
      return !constraint || e.constraint === constraint || String((e as Error).message).includes(constraint);
    }
  }
  return false;
}
