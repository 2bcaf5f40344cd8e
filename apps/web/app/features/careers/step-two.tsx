import {
  type ApplicationReceipt,
  HONEYPOT_FIELD,
  type Language,
  letterLength,
  type MessageKey,
  MOTIVATION_LETTER,
  UPLOAD_KINDS,
} from '@shop/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { fileSize } from '../../lib/display';
import { useResumableUpload } from '../../lib/resumable-upload';
import { type ApplicationDraft, clearDraft, saveDraft } from './applicant';

/** Fields of step 1: an error about them is shown with the way back there. */
const STEP_ONE = new Set(['name', 'surname', 'email', 'phoneNumber']);

/**
 * Step 2 of an application (SPEC §2 apply/{id}/motivation-letter): the letter with a live counter
 * (400–2500 characters, counted as the server counts them), the CV uploaded as soon as it is
 * chosen (resumable, with progress), and a confirmation before it is sent (SPEC §4).
 */
export function StepTwo({
  draft,
  position,
  language,
}: {
  draft: ApplicationDraft;
  position: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [letter, setLetter] = useState(draft.motivationLetter);
  const [errors, setErrors] = useState<{ letter?: MessageKey; cv?: MessageKey; form?: MessageKey; stepOne?: boolean }>(
    {},
  );
  const [sending, setSending] = useState(false);
  const trap = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const cv = useResumableUpload('cv');
  const length = letterLength(letter);
  const left = MOTIVATION_LETTER.min - length;

  const letterProblem = (): MessageKey | undefined =>
    length < MOTIVATION_LETTER.min ? 'letterTooShort' : length > MOTIVATION_LETTER.max ? 'letterTooLong' : undefined;

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = { letter: letterProblem() };
    if (cv.state.status === 'idle') found.cv = 'cvRequired';
    else if (cv.state.status === 'failed') found.cv = cv.state.error;
    setErrors(found);
    if (found.letter || found.cv || cv.state.status === 'uploading') return;
    dialog.current?.showModal();
  };

  const send = async () => {
    if (cv.state.status !== 'done') return;
    setSending(true);
    try {
      const receipt = await api<ApplicationReceipt>('POST', '/Career', {
        vacancyId: draft.vacancyId,
        name: draft.name,
        surname: draft.surname,
        email: draft.email,
        phoneNumber: draft.phoneNumber,
        motivationLetter: letter,
        cvUploadId: cv.state.id,
        [HONEYPOT_FIELD]: trap.current?.value ?? '',
      });
      clearDraft();
      await navigate(`/success-page?kind=career&number=${receipt.number}#sent`);
    } catch (error) {
      dialog.current?.close();
      setSending(false);
      if (!(error instanceof ApiError)) {
        setErrors({ form: 'APPLICATION_FAILED' });
        return;
      }
      const fields = Object.entries(error.fields);
      const byField = Object.fromEntries(fields.map(([field, { code }]) => [field, code]));
      // A CV refused by its bytes is gone on the server: another file must be chosen.
      if (error.code === 'CV_TYPE_INVALID' || error.code === 'CV_TOO_LARGE' || error.code === 'FILE_UPLOAD_FAILED') {
        cv.reset();
        setErrors({ cv: error.code });
        return;
      }
      setErrors({
        letter: byField.motivationLetter,
        cv: byField.cvUploadId,
        stepOne: fields.some(([field]) => STEP_ONE.has(field)),
        form: fields.length
          ? 'VALIDATION_FAILED'
          : error.status >= 500 || error.status === 0
            ? 'APPLICATION_FAILED'
            : error.code,
      });
    }
  };

  const upload = cv.state;
  return (
    <form className="request-form careers__letter" noValidate onSubmit={review} data-testid="application-step-2">
      <h2>{t('careers.step2.title')}</h2>
      {errors.form ? (
        <p className="request-form__alert" role="alert" data-testid="application-error">
          {t(`messages:${errors.form}`)}
          {errors.stepOne ? (
            <>
              {' '}
              <Link to={`/apply/${draft.vacancyId}`}>{t('careers.step2.back')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="request-form__field">
        <label htmlFor="application-letter">{t('careers.fields.letter')}</label>
        <p className="request-form__hint" id="application-letter-hint">
          {t('careers.fields.letterHint')}
        </p>
        <textarea
          id="application-letter"
          name="motivationLetter"
          rows={12}
          value={letter}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setLetter(value);
            saveDraft({ ...draft, motivationLetter: value });
            if (errors.letter) setErrors((e) => ({ ...e, letter: undefined }));
          }}
          aria-invalid={errors.letter ? true : undefined}
          aria-describedby={`application-letter-hint application-letter-counter${errors.letter ? ' application-letter-error' : ''}`}
        />
        <p
          className="careers__counter"
          id="application-letter-counter"
          data-testid="letter-counter"
          data-state={length > MOTIVATION_LETTER.max ? 'over' : left > 0 ? 'short' : 'ok'}
        >
          {t('careers.fields.counter', { count: length, max: MOTIVATION_LETTER.max })}
          {left > 0 ? ` · ${t('careers.fields.counterShort', { left })}` : null}
        </p>
        {errors.letter ? (
          <p className="request-form__error" id="application-letter-error" data-testid="letter-error">
            {t(`messages:${errors.letter}`)}
          </p>
        ) : null}
      </div>
      <div className="request-form__field">
        <label htmlFor="application-cv">{t('careers.fields.cv')}</label>
        <p className="request-form__hint" id="application-cv-hint">
          {t('careers.fields.cvHint')}
        </p>
        <input
          ref={file}
          id="application-cv"
          type="file"
          accept={UPLOAD_KINDS.cv.accept}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            setErrors((e) => ({ ...e, cv: undefined }));
            if (chosen) void cv.start(chosen, chosen.name);
          }}
          aria-invalid={errors.cv || upload.status === 'failed' ? true : undefined}
          aria-describedby={`application-cv-hint application-cv-state${errors.cv ? ' application-cv-error' : ''}`}
        />
        <div id="application-cv-state" aria-live="polite" data-testid="cv-state" data-status={upload.status}>
          {upload.status === 'uploading' ? (
            <>
              <progress value={upload.sent} max={upload.total || 1} aria-label={t('careers.upload.label')} />
              <span>
                {t('careers.upload.progress', {
                  name: upload.name,
                  percent: Math.floor((upload.sent / (upload.total || 1)) * 100),
                })}
              </span>
            </>
          ) : upload.status === 'done' ? (
            <span className="careers__done">
              ✓ {t('careers.upload.done', { name: upload.name, size: fileSize(upload.total, language) })}
            </span>
          ) : null}
        </div>
        {errors.cv || upload.status === 'failed' ? (
          <p className="request-form__error" id="application-cv-error" data-testid="cv-error">
            {t(`messages:${errors.cv ?? (upload.status === 'failed' ? upload.error : 'cvRequired')}`)}
          </p>
        ) : null}
      </div>
      <div className="request-form__trap" aria-hidden="true">
        <label htmlFor="application-trap">{HONEYPOT_FIELD}</label>
        <input ref={trap} id="application-trap" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <p className="careers__actions">
        <button type="submit" className="plain-button" disabled={upload.status === 'uploading'}>
          {t('careers.step2.send')}
        </button>
        <Link to={`/apply/${draft.vacancyId}`}>{t('careers.step2.back')}</Link>
      </p>
      {upload.status === 'uploading' ? <p className="request-form__hint">{t('careers.upload.waiting')}</p> : null}

      <dialog
        ref={dialog}
        className="careers__dialog"
        aria-labelledby="confirm-title"
        data-testid="confirm-application"
      >
        <h2 id="confirm-title">{t('careers.confirm.title')}</h2>
        <p>{t('careers.confirm.text', { position })}</p>
        <dl className="careers__facts">
          <div>
            <dt>{t('careers.confirm.who')}</dt>
            <dd>
              {draft.name} {draft.surname} · {draft.email} · {draft.phoneNumber}
            </dd>
          </div>
          <div>
            <dt>{t('careers.confirm.letter')}</dt>
            <dd>{t('careers.confirm.letterLength', { count: length })}</dd>
          </div>
          {upload.status === 'done' ? (
            <div>
              <dt>{t('careers.fields.cv')}</dt>
              <dd>
                {upload.name} ({fileSize(upload.total, language)})
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="careers__actions">
          <button type="button" className="plain-button" onClick={() => void send()} disabled={sending}>
            {sending ? t('careers.confirm.sending') : t('careers.confirm.send')}
          </button>
          <button
            type="button"
            className="careers__secondary"
            onClick={() => dialog.current?.close()}
            disabled={sending}
          >
            {t('careers.confirm.cancel')}
          </button>
        </p>
      </dialog>
    </form>
  );
}
