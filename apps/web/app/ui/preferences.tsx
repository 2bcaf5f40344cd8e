import { LANGUAGES, type Language, limits } from '@shop/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { api } from '../lib/api';
import type { Texts } from '../lib/locales';
import { cookieNames, storageKeys, stored, writeCookie } from '../lib/storage';

export type Theme = 'light' | 'dark';
export interface RootData {
  language: Language;
  theme: Theme;
  /** The page language's `common` texts (lib/i18n.ts). */
  texts: Texts;
}

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

/**
 * The dark theme is a filter over the whole page (SPEC §4: brightness 100, contrast 90,
 * sepia 10), rendered by the server from the theme cookie. A store's own palette
 * (useCustomTheme 'true') turns the filter off; 'false' or unset lets the stored theme decide.
 */
export function applyTheme(theme: Theme) {
  const custom = stored.get(storageKeys.useCustomTheme) === 'true';
  document.documentElement.dataset.theme = theme === 'dark' && !custom ? 'dark' : 'light';
}

export function useApplyStoredTheme(theme: Theme) {
  useEffect(() => applyTheme(theme), [theme]);
}

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme } = useRootData();
  const revalidator = useRevalidator();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className ?? 'icon-button'}
      aria-label={t(next === 'dark' ? 'common.theme.toDark' : 'common.theme.toLight')}
      title={t(next === 'dark' ? 'common.theme.toDark' : 'common.theme.toLight')}
      data-testid="theme-toggle"
      onClick={() => {
        writeCookie(cookieNames.theme, next, limits.themeCookieDays);
        applyTheme(next);
        void revalidator.revalidate();
      }}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}

export const LANGUAGE_NAMES: Record<Language, string> = { az: 'Azərbaycanca', en: 'English', ru: 'Русский' };

export function LanguageSwitch({ signedIn = false, className }: { signedIn?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const revalidator = useRevalidator();
  return (
    <select
      className={className ?? 'plain-select'}
      aria-label={t('common.language')}
      data-testid="language-switch"
      value={language}
      onChange={async (event) => {
        const next = event.target.value as Language;
        writeCookie(cookieNames.language, next, 365);
        // A signed-in user's preference is also their account's: e-mails follow it.
        if (signedIn) await api('PUT', '/User/update-user', { language: next }).catch(() => {});
        await revalidator.revalidate();
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
