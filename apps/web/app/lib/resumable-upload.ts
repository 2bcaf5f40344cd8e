import {
  fileProblem,
  isMessageKey,
  type MessageKey,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_PATH,
  type UploadKind,
} from '@shop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A visitor's large file (a CV, a bug report's picture, video or voice note) sent by the tus
 * protocol to /api/Upload (apps/server platform/uploads.ts): in chunks, with progress, and
 * resumed where it stopped — after a dropped connection (retries) and after a reload (the same
 * file picks up from the offset the server has). Answers the upload's id, which the form sends.
 */

export class UploadError extends Error {
  constructor(readonly code: MessageKey) {
    super(code);
  }
}

export interface UploadProgress {
  sent: number;
  total: number;
}

/** The catalogue key of a refused upload: the server's envelope when it sent one. */
function codeOf(error: unknown): MessageKey {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const code = (JSON.parse(body ?? '') as { error?: { code?: unknown } }).error?.code;
    if (isMessageKey(code)) return code;
  } catch {
    // Not our envelope (a proxy's page, a broken connection): a failed upload.
  }
  return 'FILE_UPLOAD_FAILED';
}

export async function sendFile(
  kind: UploadKind,
  file: Blob,
  name: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const problem = fileProblem(kind, { name, size: file.size, type: file.type });
  if (problem) throw new UploadError(problem);
  // Loaded with the first file: pages that never send one do not carry it.
  const { Upload } = await import('tus-js-client');
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOAD_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { kind, filename: name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => options.onProgress?.({ sent, total }),
      onError: (error) => reject(new UploadError(codeOf(error))),
      onSuccess: () => {
        const id = upload.url?.split('/').pop();
        if (id) resolve(id);
        else reject(new UploadError('FILE_UPLOAD_FAILED'));
      },
    });
    options.signal?.addEventListener('abort', () => {
      void upload.abort(true);
      reject(new DOMException('aborted', 'AbortError'));
    });
    // The same file sent before (a reload, a closed tab): go on from where the server is.
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; sent: number; total: number }
  | { status: 'done'; name: string; id: string; total: number }
  | { status: 'failed'; name: string; error: MessageKey };

/** One file's upload, for a form's field: start with a file, follow its progress, take its id. */
export function useResumableUpload(kind: UploadKind) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: Blob, name: string): Promise<string | null> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'uploading', name, sent: 0, total: file.size });
      try {
        const id = await sendFile(kind, file, name, {
          signal: controller.signal,
          onProgress: ({ sent, total }) => setState({ status: 'uploading', name, sent, total }),
        });
        setState({ status: 'done', name, id, total: file.size });
        return id;
      } catch (error) {
        if (controller.signal.aborted) return null;
        setState({ status: 'failed', name, error: error instanceof UploadError ? error.code : 'FILE_UPLOAD_FAILED' });
        return null;
      }
    },
    [kind],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, start, reset };
}
