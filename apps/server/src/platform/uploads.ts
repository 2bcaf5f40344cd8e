import { randomBytes, randomUUID } from 'node:crypto';
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
import { ERRORS, type Locker, Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { AppError, languageOfHeaders } from './errors.js';
import { LocalPrivateFiles, type PrivateFiles, type PrivateFolder } from './private-files.js';
import { STORAGE_RETRY_AFTER_SECONDS, StorageUnavailableError } from './storage.js';
import type { PostgresUploadLocker } from './upload-locks.js';

export { PRIVATE_FOLDERS, type PrivateFolder } from './private-files.js';

/** A file of ours: the name we gave it, never the sender's. */
const KEPT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}$/;

/** An upload's id: the last part of its address, which a form names. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

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

/** tus's answer (status and our envelope, in the sender's language) to a refused request. */
function refusal(request: Request, code: ErrorCode) {
  const language = languageOfHeaders(request.headers.get('cookie'), request.headers.get('accept-language'));
  const body: ErrorBody = { error: { code, message: translate(code, language) } };
  return { status_code: errorStatus[code], body: JSON.stringify(body) };
}

/**
 * Visitors' large files (issue 17): a job applicant's CV (≤ 100 MB), a bug report's pictures,
 * videos and voice note (≤ 30 MB each). They arrive by the tus protocol at /api/Upload —
 * resumable, in chunks, streamed (a 100 MB file never sits in memory) — into a place outside the
 * web root: this process's disk, or the bucket when STORAGE_URL names one (`PrivateFiles`;
 * decision 026). Nothing is served from there: a form that names a finished upload has its bytes
 * checked (`check`) and the file moved under a name of ours (`keep`); what no form names is removed
 * a day later (`removeStale`). The bucket out of reach is a 503 (SERVICE_UNAVAILABLE) everywhere.
 */
export class Uploads {
  private readonly tus: Server;

  constructor(
    private readonly ctx: Pick<AppContext, 'limits' | 'log'>,
    /** On disk or in the bucket, as STORAGE_URL says (app.ts, beside the pictures' storage). */
    private readonly files: PrivateFiles,
    /**
     * One request an upload at a time across processes, on PostgreSQL (platform/upload-locks.ts);
     * without, tus's own, which sees this process only — the embedded database's one process.
     */
    private readonly locker?: PostgresUploadLocker,
  ) {
    const prefix = files.incomingPrefix;
    this.tus = new Server({
      path: UPLOAD_PATH,
      datastore: files.store,
      ...(locker ? { locker: locker as Locker } : {}),
      // The store knows an upload by a key under its prefix (the bucket's); its address and the
      // forms by the 32 hex digits alone.
      namingFunction: () => prefix + randomBytes(16).toString('hex'),
      generateUrl: (_request, { path, id }) => `${path}/${id.slice(prefix.length)}`,
      getFileIdFromRequest: (_request, id) => (id && UPLOAD_ID.test(id) ? prefix + id : undefined),
      // The largest kind's: each kind's own limit is checked before tus sees the request.
      maxSize: Math.max(...UPLOAD_KIND_NAMES.map((kind) => UPLOAD_KINDS[kind].maxBytes)),
      // A finished upload is claimed by its form; no one may take it away in between.
      disableTerminationForFinishedUploads: true,
      // Its last chunk is answered only once its bytes are looked at: the page says at once which
      // file is not what it claims (the form checks again when it names it).
      onUploadFinish: async (request, upload) => {
        const kind = UPLOAD_KIND_NAMES.find((name) => name === upload.metadata?.kind);
        let ext: string | null = null;
        try {
          if (kind) ext = await this.typeOf(upload.id, kind);
        } catch (error) {
          if (!(error instanceof StorageUnavailableError)) throw error;
          // The bytes are in but could not be looked at: the browser tries again and finds the
          // upload finished; the form that names it has its bytes looked at then.
          throw this.unavailableRefusal(request, error);
        }
        if (ext) return {};
        await this.files.discard(upload.id).catch((error: unknown) => {
          // Left for the clean-up: a form naming it has its bytes looked at again.
          this.ctx.log.warn({ err: error }, 'a refused upload could not be removed');
        });
        throw refusal(request, kind ? UPLOAD_KINDS[kind].wrongType : 'FILE_UPLOAD_FAILED');
      },
      onResponseError: (request, error) => {
        if (error instanceof StorageUnavailableError) return this.unavailableRefusal(request, error);
        // Another request kept the upload for the whole wait (tus answers 500): try again.
        if (error === ERRORS.ERR_LOCK_TIMEOUT)
          return this.unavailableRefusal(request, new StorageUnavailableError(error));
        return undefined;
      },
    });
  }

  /** 503 from the tus endpoint, with Retry-After as every other answer of a bucket out of reach. */
  private unavailableRefusal(request: Request, error: StorageUnavailableError) {
    this.ctx.log.warn({ err: error.cause }, 'private file storage unavailable');
    const node = (request as { runtime?: { node?: { res?: { setHeader(name: string, value: string): void } } } })
      .runtime?.node?.res;
    node?.setHeader('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    return refusal(request, 'SERVICE_UNAVAILABLE');
  }

  /** A failure of the bucket as the service's answer (503 with Retry-After); anything else as it is. */
  private unavailable(error: unknown): unknown {
    if (!(error instanceof StorageUnavailableError)) return error;
    this.ctx.log.warn({ err: error.cause }, 'private file storage unavailable');
    return new AppError('SERVICE_UNAVAILABLE', undefined, STORAGE_RETRY_AFTER_SECONDS);
  }

  /** What the bytes of an upload are (file-type's extension) when they are of the kind; else null. */
  private async typeOf(storeId: string, kind: UploadKind): Promise<string | null> {
    const type = await this.files.typeOf(storeId);
    return type && (UPLOAD_KINDS[kind].types as readonly string[]).includes(type.ext) ? type.ext : null;
  }

  async start(): Promise<this> {
    await this.files.start();
    return this;
  }

  async close() {
    this.files.close();
    await this.locker?.close();
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
    if (!UPLOAD_ID.test(id)) throw new AppError('FILE_UPLOAD_FAILED');
    const storeId = this.files.incomingPrefix + id;
    try {
      const upload = await this.files.store.getUpload(storeId).catch((error: unknown) => {
        if (error instanceof StorageUnavailableError) throw error;
        return null;
      });
      if (!upload || upload.metadata?.kind !== kind || upload.size === undefined || upload.offset !== upload.size) {
        throw new AppError('FILE_UPLOAD_FAILED');
      }
      if (upload.size > rule.maxBytes) throw new AppError(rule.tooLarge);
      const ext = await this.typeOf(storeId, kind);
      if (!ext) {
        await this.files.discard(storeId);
        throw new AppError(rule.wrongType);
      }
      return { id, kind, ext, bytes: upload.size, name: cleanFileName(upload.metadata?.filename, `${kind}.${ext}`) };
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /**
   * Copies a checked upload into its folder under a new name of ours; answers that name. Nothing
   * is kept when it fails (the bucket out of reach: 503). The upload itself stays, so that its
   * form can be sent again whatever fails before its record is written; then `release`.
   */
  async keep(upload: CheckedUpload, folder: PrivateFolder): Promise<string> {
    const name = `${randomUUID()}.${upload.ext}`;
    try {
      await this.files.keep(this.files.incomingPrefix + upload.id, folder, name);
    } catch (error) {
      throw this.unavailable(error);
    }
    return name;
  }

  /**
   * The uploads a form's record now names (their files kept) leave the incoming ones. Never
   * fails: the record is written; an upload that could not be removed now goes with the stale
   * ones (removeStale), and is logged.
   */
  async release(uploads: readonly CheckedUpload[]) {
    await Promise.all(
      uploads.map((upload) =>
        this.files
          .discard(this.files.incomingPrefix + upload.id)
          .catch((error: unknown) =>
            this.ctx.log.warn({ err: error, upload: upload.id }, 'a named upload is left for the stale clean-up'),
          ),
      ),
    );
  }

  /**
   * Removes kept files (a record that could not be written after all, a purge). Never fails: its
   * callers are on their way out with an error of their own, or past the point of return; a file
   * that could not be removed is logged.
   */
  async removeKept(folder: PrivateFolder, names: readonly string[]) {
    await Promise.all(
      names
        .filter((name) => KEPT_NAME.test(name))
        .map((name) =>
          this.files
            .remove(folder, name)
            .catch((error: unknown) => this.ctx.log.error({ err: error, folder, name }, 'a kept file is left behind')),
        ),
    );
  }

  /** Uploads (finished or not) that no form named since `before` are removed. */
  removeStale(before: Date): Promise<number> {
    return this.files.removeStale(before);
  }

  /**
   * A kept file to the staff (the caller checks they are): by its name of ours only, with
   * ranges (players seek), never sniffed as anything else, and a download's name when asked.
   */
  async send(reply: FastifyReply, folder: PrivateFolder, name: string, download?: string) {
    if (!KEPT_NAME.test(name)) throw new AppError('NOT_FOUND');
    let send: (() => Promise<FastifyReply>) | null;
    try {
      send = await this.files.open(reply, folder, name);
    } catch (error) {
      throw this.unavailable(error);
    }
    if (!send) throw new AppError('NOT_FOUND');
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
    return send();
  }
}

/** reply.sendFile for the private folders on disk (the public uploads' instance does not decorate). */
export const registerPrivateFiles = LocalPrivateFiles.register;
