import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an S3-compatible store implements the same. */
export interface Storage {
  /** Stores the bytes under a server-generated key and returns the public URL path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** The bytes under `key`, or null when there are none (a store's export reads its pictures). */
  read(key: string): Promise<Buffer | null>;
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
