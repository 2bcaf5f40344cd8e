import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: local disk by default, or an S3-compatible bucket when STORAGE_URL
 * names one (platform/object-storage.ts; decision 026). Either way a file's public address is
 * `/uploads/{key}` on our own origin.
 */
export interface Storage {
  /** Stores the bytes under a server-generated key and returns the public URL path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** The bytes under `key`, or null when there are none (a store's export reads its pictures). */
  read(key: string): Promise<Buffer | null>;
}

/**
 * The store of uploads could not be reached (or refused us): no fault of the request, and it
 * may be tried again — a 503 with Retry-After, as when the database is out of reach.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('upload storage unavailable', { cause });
  }
}

/** Seconds a caller is told to wait (Retry-After) when the upload storage is out of reach. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * A key the server could have made: path segments of letters, digits, `_` and `-`, the last with
 * one extension. No dot anywhere else, so no `..`: a key that tries to climb names nothing.
 */
export function isStorageKey(key: string): boolean {
  return /^(?:[\w-]+\/)*[\w-]+\.[a-z0-9]+$/i.test(key);
}

/** A name that ends in a hash of its bytes (`…-{16 hex}[-{width}].webp`, media/service.ts). */
const CONTENT_HASHED = /-[0-9a-f]{16}(?:-\d+)?\.webp$/;

/**
 * How long browsers and proxies keep an upload. A content-hashed name always names the same
 * bytes, so it is kept a year without asking again; older names (before decision 026) keep
 * their week.
 */
export function uploadCacheControl(key: string): string {
  return CONTENT_HASHED.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=604800, immutable';
}

export function localStorage(root: string): Storage {
  return {
    async put(key, bytes) {
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return `/uploads/${key}`;
    },
    async remove(key) {
      await fs.rm(path.join(root, key), { force: true });
    },
    async read(key) {
      // Keys are the server's own (owner/id.webp); one that climbs out of the root names nothing.
      const file = path.resolve(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) return null;
      return fs.readFile(file).catch(() => null);
    },
  };
}
