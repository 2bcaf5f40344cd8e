import { z } from 'zod';

/**
 * Large files visitors send the platform (issue 17): a job applicant's CV, and a bug report's
 * pictures, video and voice note. They travel by the tus protocol (resumable, in chunks, with
 * progress) to `/api/Upload`, are kept outside the web root, and only become part of an
 * application or a report when its form names them — then their bytes are looked at (never the
 * name) and a file of another kind is refused.
 */

const MB = 1024 * 1024;

export const UPLOAD_PATH = '/api/Upload';

/** Bytes of each chunk the browser sends: small enough to resume cheaply, big enough to be quick. */
export const UPLOAD_CHUNK_BYTES = 8 * MB;

export const UPLOAD_KINDS = {
  /** SPEC §5: CV required, PDF or DOCX only, at most 100MB. */
  cv: {
    maxBytes: 100 * MB,
    types: ['pdf', 'docx'],
    accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    tooLarge: 'CV_TOO_LARGE',
    wrongType: 'CV_TYPE_INVALID',
  },
  /** SPEC §5: bug-report images PNG, JPG or JPEG up to 30MB. */
  image: {
    maxBytes: 30 * MB,
    types: ['png', 'jpg'],
    accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
    tooLarge: 'MEDIA_TOO_LARGE',
    wrongType: 'IMAGE_TYPE_INVALID',
  },
  /** SPEC §5: bug-report video MP4 or WEBM up to 30MB. */
  video: {
    maxBytes: 30 * MB,
    types: ['mp4', 'webm'],
    accept: '.mp4,.webm,video/mp4,video/webm',
    tooLarge: 'MEDIA_TOO_LARGE',
    wrongType: 'VIDEO_TYPE_INVALID',
  },
  /** A voice note recorded in the browser (MediaRecorder: WebM/Opus in Chromium, MP4 in Safari, Ogg in Firefox). */
  voice: {
    maxBytes: 30 * MB,
    types: ['webm', 'ogg', 'mp4', 'm4a'],
    accept: 'audio/webm,audio/ogg,audio/mp4',
    tooLarge: 'MEDIA_TOO_LARGE',
    wrongType: 'AUDIO_TYPE_INVALID',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as UploadKind[];

/** A finished upload's id as a form names it: the last part of its tus address (32 hex digits). */
export const uploadIdSchema = z.string('invalidValue').regex(/^[0-9a-f]{32}$/, 'invalidValue');

/**
 * What the browser can tell of a chosen file before sending it (the server looks at the bytes
 * again): too large, or not of the kind by its name and type. The catalogue key, or null.
 */
export function fileProblem(kind: UploadKind, file: { name: string; size: number; type: string }) {
  const rule = UPLOAD_KINDS[kind];
  if (file.size > rule.maxBytes) return rule.tooLarge;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const named = (rule.types as readonly string[]).includes(extension === 'jpeg' ? 'jpg' : extension);
  // A recording has no name of its own; its type says what it is.
  const typed = kind === 'voice' && /^audio\/(webm|ogg|mp4)/.test(file.type);
  return named || typed ? null : rule.wrongType;
}
