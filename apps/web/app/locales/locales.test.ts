import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMessageKey, LANGUAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { locales as panelLocales } from '../lib/locales';
import { siteLocales } from '../lib/site-locales';

/** Every namespace: the panel's and the public site's. */
const locales = Object.fromEntries(
  LANGUAGES.map((language) => [language, { ...panelLocales[language], ...siteLocales[language] }]),
) as typeof panelLocales;

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Flattened keys; plural forms collapse to their base key so languages with more forms match. */
function keysOf(value: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value))
      for (const key of keysOf(v, prefix ? `${prefix}.${k}` : k)) keys.add(key);
  } else {
    keys.add(prefix.replace(PLURAL, ''));
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('interface texts', () => {
  const english = keysOf(locales.en);

  for (const language of LANGUAGES) {
    it(`${language} has exactly the keys of every other language`, () => {
      const keys = keysOf(locales[language]);
      expect(
        [...english].filter((k) => !keys.has(k)),
        `missing in ${language}`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !english.has(k)),
        `extra in ${language}`,
      ).toEqual([]);
    });

    it(`${language} has no empty text`, () => {
      const empty: string[] = [];
      const walk = (value: unknown, at: string) => {
        if (typeof value === 'string') {
          if (!value.trim()) empty.push(at);
        } else if (value && typeof value === 'object') {
          for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
        }
      };
      walk(locales[language], language);
      expect(empty).toEqual([]);
    });
  }

  it('every key the code asks for exists', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(appDir)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^'$`]+)'/g))
        used.set(match[1] as string, path.relative(appDir, file));
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter(([key]) => {
      if (key.startsWith('messages:')) return !isMessageKey(key.slice('messages:'.length));
      // A key used as a prefix of a dynamic key (t(`auth.strength.${rule}`)) is not captured here.
      return !english.has(key) && ![...english].some((k) => k.startsWith(`${key}.`));
    });
    expect(missing, 'keys used in code but absent from locales/en').toEqual([]);
  });
});
