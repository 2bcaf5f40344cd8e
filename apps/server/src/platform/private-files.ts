import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type FileTypeResult, fileTypeFromFile } from 'file-type';

/** Where a kept file lives: one folder per use, each outside the web root (uploads/ is served). */
export const PRIVATE_FOLDERS = ['careers', 'bug-images', 'bug-videos', 'bug-sounds'] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/**
 * Where visitors' private files live (platform/uploads.ts holds the rules): on this process's
 * disk (the embedded default) or in the bucket that STORAGE_URL names, so that any process takes
 * any chunk and serves any file (private-files-bucket.ts; decision 026). `Uploads` speaks to
 * either through this, and only what differs between them is here.
 *
 * An upload is known to the tus store by `incomingPrefix` + its id (the 32 hex digits of its
 * address, which a form names).
 */
export interface PrivateFiles {
  /** tus's store: uploads being sent, and finished ones no form named yet. */
  readonly store: DataStore;
  readonly incomingPrefix: string;
  start(): Promise<void>;
  /** What a finished upload's bytes are (reading only what file-type needs); undefined when unknown or gone. */
  typeOf(storeId: string): Promise<FileTypeResult | undefined>;
  /**
   * Copies a finished upload to `folder/name`. The upload stays until `discard`, which its form
   * calls once its record is written: a form that fails on the way (a later file, the bucket out
   * of reach, the database) is sent again with the same uploads, nothing to send twice.
   */
  keep(storeId: string, folder: PrivateFolder, name: string): Promise<void>;
  /** Removes a finished upload (its bytes and what tus knows of it). */
  discard(storeId: string): Promise<void>;
  /** Removes a kept file; one that is not there is no failure. */
  remove(folder: PrivateFolder, name: string): Promise<void>;
  /** Removes uploads (finished or not) older than `before`; answers how many. */
  removeStale(before: Date): Promise<number>;
  /**
   * A kept file, ready to be sent as the reply (whole or the range asked for), or null when there
   * is none. The caller sets the headers every such answer carries in between.
   */
  open(reply: FastifyReply, folder: PrivateFolder, name: string): Promise<(() => Promise<FastifyReply>) | null>;
  close(): void;
}

/** The embedded default: folders under DATA_DIR/private, tus's file store in `incoming`. */
export class LocalPrivateFiles implements PrivateFiles {
  readonly store: FileStore;
  readonly incomingPrefix = '';
  private readonly incoming: string;

  constructor(private readonly root: string) {
    this.incoming = path.join(root, 'incoming');
    this.store = new FileStore({ directory: this.incoming });
  }

  /** reply.sendFile for the private folders (the public uploads' instance does not decorate). */
  static async register(app: FastifyInstance, root: string) {
    // Our own Cache-Control (private, no-store) is the one sent, not send's `public, max-age=0`.
    await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  }

  async start() {
    await fs.mkdir(this.incoming, { recursive: true });
    for (const folder of PRIVATE_FOLDERS) await fs.mkdir(this.folder(folder), { recursive: true });
  }

  private folder(folder: PrivateFolder): string {
    return path.join(this.root, folder);
  }

  typeOf(id: string) {
    return fileTypeFromFile(path.join(this.incoming, id)).catch(() => undefined);
  }

  async keep(id: string, folder: PrivateFolder, name: string) {
    const from = path.join(this.incoming, id);
    const to = path.join(this.folder(folder), name);
    // A second name for the same bytes (no copy, whatever the size); copied where the folders
    // are on filesystems that can not share them.
    await fs.link(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV' && error.code !== 'EPERM' && error.code !== 'ENOTSUP') throw error;
      await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    });
  }

  async discard(id: string) {
    await fs.rm(path.join(this.incoming, id), { force: true });
    await fs.rm(path.join(this.incoming, `${id}.json`), { force: true });
  }

  async remove(folder: PrivateFolder, name: string) {
    await fs.rm(path.join(this.folder(folder), name), { force: true });
  }

  async removeStale(before: Date) {
    let removed = 0;
    for (const entry of await fs.readdir(this.incoming).catch(() => [] as string[])) {
      const file = path.join(this.incoming, entry);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtime < before) {
        await fs.rm(file, { force: true });
        if (!entry.endsWith('.json')) removed += 1;
      }
    }
    return removed;
  }

  async open(reply: FastifyReply, folder: PrivateFolder, name: string) {
    const exists = await fs.stat(path.join(this.folder(folder), name)).catch(() => null);
    if (!exists?.isFile()) return null;
    // @fastify/static answers ranges (players seek) from the file.
    return async () => reply.sendFile(name, this.folder(folder));
  }

  close() {}
}
