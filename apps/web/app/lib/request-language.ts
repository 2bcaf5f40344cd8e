import type { Language } from '@shop/shared';
import { languageOf } from './i18n';
import { cookieNames, readCookie } from './storage';

/** The language a server-rendered page is in: the visitor's stored choice, else the default. */
export function requestLanguage(request: Request): Language {
  return languageOf(readCookie(request.headers.get('cookie'), cookieNames.language));
}
