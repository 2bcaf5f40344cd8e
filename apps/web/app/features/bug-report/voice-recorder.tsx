import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResumableUpload } from '../../lib/resumable-upload';
import { NO_UPLOADS, summaryOf, type UploadsSummary } from './media-field';
import { useMessage } from './messages';
import { UploadStatus, useObjectUrl } from './upload-item';

/** A voice note's longest: a few minutes say more than enough, and stay far under 30 MB. */
export const VOICE_MAX_SECONDS = 5 * 60;

/** What the browser records in, best first (Chromium: WebM/Opus, Safari: MP4, Firefox: Ogg). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function extensionOf(type: string): string {
  if (type.startsWith('audio/mp4')) return 'm4a';
  if (type.startsWith('audio/ogg')) return 'ogg';
  return 'webm';
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

type Phase = 'idle' | 'asking' | 'recording' | 'recorded';

/**
 * A voice note recorded in the browser (MediaRecorder): record, stop, play back, delete, with a
 * running timer. The recording uploads as soon as it stops. Where the browser cannot record, the
 * field is not shown at all; a refused microphone says so.
 */
export function VoiceRecorder({
  error,
  onUploads,
}: {
  /** The field's message from the server, already in the page's language. */
  error?: string;
  /** Stable: called with the note's upload summary whenever it changes. */
  onUploads: (summary: UploadsSummary) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  // Known in the browser only: the server renders nothing, the browser decides after hydration.
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia));
  }, []);

  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [clip, setClip] = useState<File | null>(null);
  const playback = useObjectUrl(clip);
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);
  const upload = useResumableUpload('voice');

  useEffect(() => {
    if (phase === 'recording') onUploads({ ids: [], pending: 1, failed: 0 });
    else onUploads(upload.state.status === 'idle' ? NO_UPLOADS : summaryOf([upload.state]));
  }, [phase, upload.state, onUploads]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  // The timer runs while recording, and stops the recording at its longest.
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => {
      const elapsed = (Date.now() - startedAt.current) / 1000;
      setSeconds(Math.min(elapsed, VOICE_MAX_SECONDS));
      if (elapsed >= VOICE_MAX_SECONDS) stop();
    }, 250);
    return () => clearInterval(timer);
  }, [phase, stop]);

  // Leaving the page lets the microphone go.
  useEffect(
    () => () => {
      const media = recorder.current;
      if (media) {
        media.onstop = null;
        if (media.state !== 'inactive') media.stop();
        for (const track of media.stream.getTracks()) track.stop();
      }
    },
    [],
  );

  const record = async () => {
    setProblem(null);
    setPhase('asking');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      const name = (failure as { name?: string } | null)?.name;
      setProblem(
        name === 'NotFoundError' || name === 'OverconstrainedError'
          ? t('bugs.form.noMicrophone')
          : message('microphoneDenied'),
      );
      setPhase('idle');
      return;
    }
    const type = RECORDING_TYPES.find((candidate) => MediaRecorder.isTypeSupported(candidate));
    const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      const recorded = media.mimeType || type || 'audio/webm';
      // A File with its own time: the uploader tells recordings apart by name, size and time.
      const file = new File(chunks, `voice-note.${extensionOf(recorded)}`, {
        type: recorded,
        lastModified: Date.now(),
      });
      setClip(file);
      setPhase('recorded');
      void upload.start(file, file.name);
    };
    recorder.current = media;
    media.start(1000);
    startedAt.current = Date.now();
    setSeconds(0);
    setPhase('recording');
  };

  const remove = () => {
    upload.reset();
    setClip(null);
    setSeconds(0);
    setPhase('idle');
  };

  if (!supported) return null;
  const messages = [problem, error ?? null].filter((m): m is string => m !== null);
  return (
    <div
      className="request-form__field bug-voice"
      role="group"
      aria-labelledby="bug-voice-label"
      aria-describedby={['bug-voice-hint', messages.length ? 'bug-voice-error' : null].filter(Boolean).join(' ')}
      data-invalid={error ? 'true' : undefined}
      data-testid="bug-voice"
      data-phase={phase}
    >
      <span className="bug-voice__label" id="bug-voice-label">
        {t('bugs.form.voice')}
      </span>
      <p className="request-form__hint" id="bug-voice-hint">
        {t('bugs.form.voiceHint', { minutes: VOICE_MAX_SECONDS / 60 })}
      </p>
      <div className="bug-voice__controls">
        {phase === 'recording' ? (
          <>
            <button type="button" className="plain-button bug-voice__stop" onClick={stop} data-testid="bug-voice-stop">
              {t('bugs.form.stop')}
            </button>
            <span className="bug-voice__live">
              <span className="bug-voice__dot" aria-hidden="true" />
              {t('bugs.form.recording')}{' '}
              <span role="timer" aria-live="off" data-testid="bug-voice-timer">
                {clock(seconds)}
              </span>
            </span>
          </>
        ) : phase === 'recorded' ? (
          <>
            {playback ? (
              // biome-ignore lint/a11y/useMediaCaption: the visitor's own voice note, just recorded.
              <audio controls src={playback} aria-label={t('bugs.form.recorded')} data-testid="bug-voice-playback" />
            ) : null}
            <span className="bug-voice__length">{clock(seconds)}</span>
            <button type="button" className="bug-voice__delete" onClick={remove} data-testid="bug-voice-delete">
              {t('bugs.form.delete')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="plain-button"
            onClick={() => void record()}
            disabled={phase === 'asking'}
            data-testid="bug-voice-record"
          >
            {t('bugs.form.record')}
          </button>
        )}
      </div>
      {phase === 'recorded' ? (
        <UploadStatus state={upload.state} label={t('bugs.form.progress', { name: t('bugs.form.voiceName') })} />
      ) : null}
      {messages.length ? (
        <p className="request-form__error" id="bug-voice-error" role="alert" data-testid="bug-voice-error">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
