import { BUG_REPORT_LIMITS, type BugReportInput, bugReportInputSchema, HONEYPOT_FIELD } from '@shop/shared';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { MediaField, NO_UPLOADS, type UploadsSummary } from './media-field';
import { useMessage } from './messages';
import { VoiceRecorder } from './voice-recorder';
import './bug-report.css';

type TextField = 'name' | 'surname' | 'email' | 'phoneNumber' | 'note';
/** Where each of the API's field names is shown. */
const FIELD_OF: Record<string, string> = {
  imageUploadIds: 'images',
  videoUploadIds: 'videos',
  voiceUploadId: 'voice',
};

/**
 * The bug report (SPEC §2 bug-report): who is writing and how to reach them, what happened, and
 * pictures, videos and a voice note, each uploaded as soon as it is there. Sent to
 * POST /BugBounty/create, then on to the success page; every message under its field, in the
 * page's language.
 */
export function BugReportForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until its script runs the form cannot send (nor upload): the browser's own submit would put
  // what was typed in the address.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [media, setMedia] = useState({ images: NO_UPLOADS, videos: NO_UPLOADS, voice: NO_UPLOADS });
  const onImages = useCallback((images: UploadsSummary) => setMedia((m) => ({ ...m, images })), []);
  const onVideos = useCallback((videos: UploadsSummary) => setMedia((m) => ({ ...m, videos })), []);
  const onVoice = useCallback((voice: UploadsSummary) => setMedia((m) => ({ ...m, voice })), []);

  /** Each field's first message (catalogue keys), then the first of them brought into view. */
  const showFields = (codes: Record<string, string>) => {
    setFields(codes);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body: BugReportInput = {
      name: text('name'),
      surname: text('surname'),
      email: text('email'),
      phoneNumber: text('phoneNumber'),
      note: text('note'),
      imageUploadIds: media.images.ids,
      videoUploadIds: media.videos.ids,
      voiceUploadId: media.voice.ids[0] ?? null,
      ...(text(HONEYPOT_FIELD) ? { [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) } : {}),
    };
    setAlert(null);
    const parsed = bugReportInputSchema.safeParse(body);
    if (!parsed.success) {
      const codes: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        codes[FIELD_OF[field] ?? field] ??= issue.message;
      }
      showFields(codes);
      return;
    }
    showFields({});
    const all = [media.images, media.videos, media.voice];
    if (all.some((m) => m.pending > 0)) return setAlert(t('bugs.form.filesPending'));
    if (all.some((m) => m.failed > 0)) return setAlert(t('bugs.form.filesFailed'));

    setBusy(true);
    try {
      const { id } = await api<{ id: number }>('POST', '/BugBounty/create', body);
      await navigate(`/success-page?kind=bug&number=${id}#sent`);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) return setAlert(message('INTERNAL'));
      const codes: Record<string, string> = {};
      for (const [field, { code }] of Object.entries(error.fields)) codes[FIELD_OF[field] ?? field] = code;
      showFields(codes);
      setAlert(message(error.code, error.message));
    }
  };

  const fieldError = (name: string) => (fields[name] ? message(fields[name]) : undefined);
  const input = (name: TextField, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const error = fieldError(name);
    return (
      <div className="request-form__field" data-invalid={error ? 'true' : undefined}>
        <label htmlFor={`bug-${name}`}>{label}</label>
        <input
          id={`bug-${name}`}
          name={name}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `bug-${name}-error` : undefined}
          data-testid={`bug-${name}`}
          {...props}
        />
        {error ? (
          <p className="request-form__error" id={`bug-${name}-error`} data-testid={`bug-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const noteError = fieldError('note');

  return (
    <form
      ref={form}
      className="request-form bug-report-form"
      noValidate
      onSubmit={submit}
      data-testid="bug-form"
      data-hydrated={hydrated || undefined}
    >
      {alert ? (
        <p className="request-form__alert" role="alert" data-testid="bug-form-error">
          {alert}
        </p>
      ) : null}
      <div className="request-form__row">
        {input('name', t('bugs.form.name'), { autoComplete: 'given-name', maxLength: BUG_REPORT_LIMITS.name })}
        {input('surname', t('bugs.form.surname'), { autoComplete: 'family-name', maxLength: BUG_REPORT_LIMITS.name })}
      </div>
      <div className="request-form__row">
        {input('email', t('bugs.form.email'), { type: 'email', autoComplete: 'email' })}
        {input('phoneNumber', t('bugs.form.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          maxLength: BUG_REPORT_LIMITS.phone,
        })}
      </div>
      <div className="request-form__field" data-invalid={noteError ? 'true' : undefined}>
        <label htmlFor="bug-note">{t('bugs.form.note')}</label>
        <textarea
          id="bug-note"
          name="note"
          rows={6}
          required
          maxLength={BUG_REPORT_LIMITS.note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'bug-note-hint bug-note-error' : 'bug-note-hint'}
          data-testid="bug-note"
        />
        <p className="request-form__hint" id="bug-note-hint">
          {t('bugs.form.noteHint', { max: BUG_REPORT_LIMITS.note })}
        </p>
        {noteError ? (
          <p className="request-form__error" id="bug-note-error" data-testid="bug-note-error">
            {noteError}
          </p>
        ) : null}
      </div>
      <MediaField kind="image" max={BUG_REPORT_LIMITS.images} error={fieldError('images')} onUploads={onImages} />
      <MediaField kind="video" max={BUG_REPORT_LIMITS.videos} error={fieldError('videos')} onUploads={onVideos} />
      <VoiceRecorder error={fieldError('voice')} onUploads={onVoice} />
      {/* Left empty by people (they never see it); a script that fills every field is refused. */}
      <div className="request-form__trap" aria-hidden="true">
        <label htmlFor={`bug-${HONEYPOT_FIELD}`}>{t('bugs.form.trap')}</label>
        <input id={`bug-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        className="plain-button"
        disabled={busy || !hydrated}
        aria-busy={busy}
        data-testid="bug-submit"
      >
        {busy ? t('bugs.form.sending') : t('bugs.form.send')}
      </button>
    </form>
  );
}
