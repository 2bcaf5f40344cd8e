import type { Language } from '@shop/shared';

/**
 * Dates of the platform's writing, written on the server in the reader's language (Node knows
 * every language's month names; a browser may not know Azerbaijani's), in Baku's calendar.
 */
export function publishedOn(iso: string | null, language: Language): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Asia/Baku' }).format(new Date(iso));
}
