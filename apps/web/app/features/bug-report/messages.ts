import type { MessageKey } from '@shop/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The catalogue's messages the bug report can show (SPEC §8): its fields' rules, its files', the
 * microphone's, and the API's refusals. The page's loader sends these, in the page's language.
 */
export const BUG_REPORT_MESSAGES = [
  'required',
  'tooLong',
  'tooMany',
  'invalidEmail',
  'invalidPhone',
  'invalidValue',
  'microphoneDenied',
  'IMAGE_TYPE_INVALID',
  'VIDEO_TYPE_INVALID',
  'AUDIO_TYPE_INVALID',
  'MEDIA_TOO_LARGE',
  'FILE_UPLOAD_FAILED',
  'VALIDATION_FAILED',
  'SPAM_SUSPECTED',
  'RATE_LIMITED',
  'NETWORK_ERROR',
  'TIMEOUT',
  'PARSE_ERROR',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'STORAGE_FULL',
] as const satisfies readonly MessageKey[];

/** A catalogue key's text in the page's language; `fallback` (the server's words) for one the page lacks. */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: string, fallback?: string) =>
      i18n.exists(`messages:${code}`) ? t(`messages:${code}`) : (fallback ?? t('messages:INTERNAL')),
    [t, i18n],
  );
}
