import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  type ErrorBody,
  type ErrorCode,
  errorStatus,
  translate,
  UPLOAD_KIND_NAMES,
  UPLOAD_KINDS,
  UPLOAD_PATH,
  type UploadKind,
} from '@shop/shared';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { AppContext } from './context.js';
import { AppError, languageOfHeaders } from './errors.js';

/** Where a kept file lives: one folder per use, each outside the web root (uploads/ is served). */
export const PRIVATE_FOLDERS = ['careers', 'bug-images', 'bug-videos', 'bug-sounds'] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/** A file of ours: the name we gave it, never the sender's. */
const KEPT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}$/;

/** A finished upload whose bytes were looked at, not yet kept. */
export interface CheckedUpload {
  id: string;
  kind: UploadKind;
  /** What the bytes are (file-type's extension: pdf, docx, png, jpg, mp4, webm …). */
  ext: string;
  bytes: number;
  /** The sender's file name, cleaned: for showing and for a download's name, never a path. */
  name: string;
}

/** The sender's name for a file, safe to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/** tus's "key base64,key base64" metadata header, as the upload's creation sends it. */
function metadataOf(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

/**
 * Visitors' large files (issue 17): a job applicant's CV (≤ 100 MB), a bug report's pictures,
 * videos and voice note (≤ 30 MB each). They arrive by the tus protocol at /api/Upload —
 * resumable, in chunks, streamed to disk (a 100 MB file never sits in memory) — into a folder
 * outside the web root. Nothing is served from there: a form that names a finished upload has
 * its bytes checked (`check`) and the file moved under a name of ours (`keep`); what no form
 * names is removed a day later (`removeStale`).
 */
export class Uploads {
  readonly incoming: string;
  private readonly store: FileStore;
  private readonly tus: Server;

  constructor(private readonly ctx: Pick<AppContext, 'config' | 'limits' | 'log'>) {
    this.incoming = path.join(ctx.config.privateDir, 'incoming');
    this.store = new FileStore({ directory: this.incoming });
    this.tus = new Server({
      path: UPLOAD_PATH,
      datastore: this.store,
      relativeLocation: true,
      // The largest kind's: each kind's own limit is checked before tus sees the request.
      maxSize: Math.max(...UPLOAD_KIND_NAMES.map((kind) => UPLOAD_KINDS[kind].maxBytes)),
      // A finished upload is claimed by its form; no one may take it away in between.
      disableTerminationForFinishedUploads: true,
      // Its last chunk is answered only once its bytes are looked at: the page says at once which
      // file is not what it claims (the form checks again when it names it).
      onUploadFinish: async (request, upload) => {
        const kind = UPLOAD_KIND_NAMES.find((name) => name === upload.metadata?.kind);
        if (kind && (await this.typeOf(upload.id, kind))) return {};
        const refused: ErrorCode = kind ? UPLOAD_KINDS[kind].wrongType : 'FILE_UPLOAD_FAILED';
        await this.discard(upload.id);
        const language = languageOfHeaders(request.headers.get('cookie'), request.headers.get('accept-language'));
        const body: ErrorBody = { error: { code: refused, message: translate(refused, language) } };
        throw { status_code: errorStatus[refused], body: JSON.stringify(body) };
      },
    });
  }

  /** What the bytes of an upload are (file-type's extension) when they are of the kind; else null. */
  private async typeOf(id: string, kind: UploadKind): Promise<string | null> {
    const type = await fileTypeFromFile(path.join(this.incoming, id)).catch(() => undefined);
    return type && (UPLOAD_KINDS[kind].types as readonly string[]).includes(type.ext) ? type.ext : null;
  }

  async start(): Promise<this> {
    await fs.mkdir(this.incoming, { recursive: true });
    for (const folder of PRIVATE_FOLDERS) await fs.mkdir(this.folder(folder), { recursive: true });
    return this;
  }

  folder(folder: PrivateFolder): string {
    return path.join(this.ctx.config.privateDir, folder);
  }

  /**
   * The tus endpoint (creation, offset, chunks, termination of unfinished uploads). A new upload
   * must say its kind and length: too large for its kind, of no kind, or from an address that
   * started too many is refused with the catalogue's message before anything is written.
   */
  register(api: FastifyInstance) {
    // Chunks are passed to tus as the stream they are (not read into a body).
    api.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'POST') await this.checkCreation(request);
      reply.hijack();
      await this.tus.handle(request.raw, reply.raw);
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE'];
    api.route({ method: methods, url: '/Upload', schema: { hide: true }, handler });
    api.route({ method: methods, url: '/Upload/:id', schema: { hide: true }, handler });
  }

  private async checkCreation(request: FastifyRequest) {
    const metadata = metadataOf(request.headers['upload-metadata'] as string | undefined);
    const kind = UPLOAD_KIND_NAMES.find((name) => name === metadata.kind);
    if (!kind) throw new AppError('VALIDATION_FAILED', { kind: 'invalidValue' });
    const declared = request.headers['upload-length'];
    const length = typeof declared === 'string' && /^\d{1,15}$/.test(declared) ? Number(declared) : NaN;
    // A length told later (Upload-Defer-Length) would let a file grow past its kind's limit.
    if (!Number.isSafeInteger(length) || length < 1) throw new AppError('VALIDATION_FAILED', { file: 'required' });
    if (length > UPLOAD_KINDS[kind].maxBytes) throw new AppError(UPLOAD_KINDS[kind].tooLarge);
    await this.ctx.limits.hit('uploadsPerIp', request.ip);
  }

  /**
   * A finished upload of `kind`, its bytes looked at (again: its last chunk was answered only after
   * they were): the catalogue's error when it is not finished, of another kind, too large, or its
   * bytes are not of the kind (then it is removed: a disguised file is never kept).
   */
  async check(id: string, kind: UploadKind): Promise<CheckedUpload> {
    const rule = UPLOAD_KINDS[kind];
    if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError('FILE_UPLOAD_FAILED');
    const upload = await this.store.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.kind !== kind || upload.size === undefined || upload.offset !== upload.size) {
      throw new AppError('FILE_UPLOAD_FAILED');
    }
    if (upload.size > rule.maxBytes) throw new AppError(rule.tooLarge);
    const ext = await this.typeOf(id, kind);
    if (!ext) {
      await this.discard(id);
      throw new AppError(rule.wrongType);
    }
    return { id, kind, ext, bytes: upload.size, name: cleanFileName(upload.metadata?.filename, `${kind}.${ext}`) };
  }

  /** Moves a checked upload into its folder under a new name of ours; answers that name. */
  async keep(upload: CheckedUpload, folder: PrivateFolder): Promise<string> {
    const name = `${randomUUID()}.${upload.ext}`;
    await fs.rename(path.join(this.incoming, upload.id), path.join(this.folder(folder), name));
    await fs.rm(path.join(this.incoming, `${upload.id}.json`), { force: true });
    return name;
  }

  /** Removes kept files (a record that could not be written after all, a purge). */
  async removeKept(folder: PrivateFolder, names: readonly string[]) {
    await Promise.all(
      names
        .filter((name) => KEPT_NAME.test(name))
        .map((name) => fs.rm(path.join(this.folder(folder), name), { force: true })),
    );
  }

  private async discard(id: string) {
    await fs.rm(path.join(this.incoming, id), { force: true });
    await fs.rm(path.join(this.incoming, `${id}.json`), { force: true });
  }

  /** Uploads (finished or not) that no form named since `before` are removed. */
  async removeStale(before: Date): Promise<number> {
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

  /**
   * A kept file to the staff (the caller checks they are): by its name of ours only, with
   * ranges (players seek), never sniffed as anything else, and a download's name when asked.
   */
  async send(reply: FastifyReply, folder: PrivateFolder, name: string, download?: string) {
    if (!KEPT_NAME.test(name)) throw new AppError('NOT_FOUND');
    const exists = await fs.stat(path.join(this.folder(folder), name)).catch(() => null);
    if (!exists?.isFile()) throw new AppError('NOT_FOUND');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    if (download) {
      // An ASCII name for old clients, the real one (RFC 5987) for the rest.
      const ascii = download.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply.header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download)}`,
      );
    }
    return reply.sendFile(name, this.folder(folder));
  }
}

/** reply.sendFile for the private folders (the public uploads' instance does not decorate). */
export async function registerPrivateFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, { root, serve: false });
}
