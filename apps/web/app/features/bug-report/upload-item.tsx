import type { UploadKind } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadState, useResumableUpload } from '../../lib/resumable-upload';
import { useMessage } from './messages';

/** The file's own address in this page, for a thumbnail or a player (given back when it goes). */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** A file's upload as its field shows it: progress, then done, or the catalogue's message. */
export function UploadStatus({ state, label }: { state: UploadState; label: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  if (state.status === 'failed') {
    return (
      <p className="request-form__error" role="alert" data-testid="bug-upload-error">
        {message(state.error)}
      </p>
    );
  }
  const done = state.status === 'done';
  const sent = state.status === 'uploading' ? state.sent : done ? state.total : 0;
  const total = state.status === 'uploading' || done ? Math.max(state.total, 1) : 1;
  return (
    <div className="bug-upload__status">
      <progress value={sent} max={total} aria-label={label} data-testid="bug-upload-progress" />
      {done ? (
        <span className="bug-upload__done" data-testid="bug-upload-done">
          {t('bugs.form.uploaded')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One chosen picture or video: sent as soon as it is chosen (tus: chunks, resumed), shown with
 * a thumbnail (pictures) and its progress; removing it stops its upload.
 */
export function UploadItem({
  id,
  kind,
  file,
  onState,
  onRemove,
}: {
  id: number;
  kind: Extract<UploadKind, 'image' | 'video'>;
  file: File;
  /** Stable: called with each new state of this file's upload. */
  onState: (id: number, state: UploadState) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { state, start } = useResumableUpload(kind);
  const preview = useObjectUrl(kind === 'image' ? file : null);
  useEffect(() => {
    void start(file, file.name);
  }, [start, file]);
  useEffect(() => onState(id, state), [id, state, onState]);
  return (
    <li className="bug-upload" data-testid={`bug-${kind}-item`} data-status={state.status}>
      {kind === 'image' ? (
        <span className="bug-upload__thumb">
          {preview && state.status !== 'failed' ? <img src={preview} alt="" /> : null}
        </span>
      ) : null}
      <div className="bug-upload__body">
        <span className="bug-upload__name">{file.name}</span>
        <UploadStatus state={state} label={t('bugs.form.progress', { name: file.name })} />
      </div>
      <button
        type="button"
        className="bug-upload__remove"
        onClick={() => onRemove(id)}
        aria-label={t('bugs.form.remove', { name: file.name })}
        title={t('bugs.form.remove', { name: file.name })}
        data-testid={`bug-${kind}-remove`}
      >
        ×
      </button>
    </li>
  );
}
