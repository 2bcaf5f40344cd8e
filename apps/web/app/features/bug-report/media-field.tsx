import { UPLOAD_KINDS, type UploadKind } from '@shop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadState } from '../../lib/resumable-upload';
import { UploadItem } from './upload-item';

/** Where a field's uploads stand, for the form: the finished ones' ids, and how many are not. */
export interface UploadsSummary {
  ids: string[];
  pending: number;
  failed: number;
}
export const NO_UPLOADS: UploadsSummary = { ids: [], pending: 0, failed: 0 };

/** The summary of some uploads' states (an item not started yet is pending). */
export function summaryOf(states: readonly (UploadState | undefined)[]): UploadsSummary {
  return {
    ids: states.flatMap((s) => (s?.status === 'done' ? [s.id] : [])),
    pending: states.filter((s) => !s || s.status === 'idle' || s.status === 'uploading').length,
    failed: states.filter((s) => s?.status === 'failed').length,
  };
}

/**
 * Pictures or videos of a report (up to `max`): each uploads as soon as it is chosen; the field
 * says what it takes, and its message (the server's or the browser's) under it.
 */
export function MediaField({
  kind,
  max,
  error,
  onUploads,
}: {
  kind: Extract<UploadKind, 'image' | 'video'>;
  max: number;
  /** The field's message, already in the page's language. */
  error?: string;
  /** Stable: called with the field's summary whenever it changes. */
  onUploads: (summary: UploadsSummary) => void;
}) {
  const { t } = useTranslation();
  const name = kind === 'image' ? 'images' : 'videos';
  const [items, setItems] = useState<{ id: number; file: File }[]>([]);
  const [states, setStates] = useState<Record<number, UploadState>>({});
  const [overflow, setOverflow] = useState(false);
  const nextId = useRef(0);

  useEffect(() => onUploads(summaryOf(items.map((item) => states[item.id]))), [items, states, onUploads]);

  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const room = Math.max(0, max - items.length);
    setOverflow(chosen.length > room);
    setItems((current) => [...current, ...chosen.slice(0, room).map((file) => ({ id: nextId.current++, file }))]);
  };
  const onState = useCallback((id: number, state: UploadState) => setStates((s) => ({ ...s, [id]: state })), []);
  const onRemove = useCallback((id: number) => {
    setOverflow(false);
    setItems((current) => current.filter((item) => item.id !== id));
    setStates(({ [id]: _gone, ...rest }) => rest);
  }, []);

  const messages = [overflow ? t(`bugs.form.${name}Limit`, { max }) : null, error ?? null].filter(
    (m): m is string => m !== null,
  );
  return (
    <div className="request-form__field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={`bug-${name}`}>{t(`bugs.form.${name}`)}</label>
      {/* The browser's own chooser speaks the browser's language: a button in the page's stands for it. */}
      <div className="bug-file">
        <input
          id={`bug-${name}`}
          className="bug-file__input"
          type="file"
          multiple
          accept={UPLOAD_KINDS[kind].accept}
          disabled={items.length >= max}
          onChange={(event) => {
            choose(event.currentTarget.files);
            // The same file may be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`bug-${name}-hint`, messages.length ? `bug-${name}-error` : null]
            .filter(Boolean)
            .join(' ')}
          data-testid={`bug-${name}`}
        />
        <span className="bug-file__button" aria-hidden="true">
          {t('bugs.form.choose')}
        </span>
      </div>
      <p className="request-form__hint" id={`bug-${name}-hint`}>
        {t(`bugs.form.${name}Hint`, { max })}
      </p>
      {messages.length ? (
        <p className="request-form__error" id={`bug-${name}-error`} data-testid={`bug-${name}-error`}>
          {messages.join(' ')}
        </p>
      ) : null}
      {items.length ? (
        <ul className="bug-uploads">
          {items.map((item) => (
            <UploadItem key={item.id} id={item.id} kind={kind} file={item.file} onState={onState} onRemove={onRemove} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
