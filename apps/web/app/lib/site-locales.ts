import type { Language } from '@shop/shared';
import { byLanguage, type Texts } from './locales';

/** The public site's texts (kept out of locales.ts, the panel's): read by the server and the tests only. */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/site.json',
    '../locales/*/legal.json',
    '../locales/*/landing.json',
    '../locales/*/showcase.json',
    '../locales/*/careers.json',
  ],
  { eager: true, import: 'default' },
);

export const siteLocales: Record<Language, Texts> = byLanguage(files);
