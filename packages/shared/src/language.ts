/**
 * The interface languages (SPEC §1). Apart from the message catalogue so that a page which
 * only needs to know the language does not download every message in every language.
 */
export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'az';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
