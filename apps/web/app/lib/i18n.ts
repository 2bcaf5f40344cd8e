import { DEFAULT_LANGUAGE, isLanguage, type Language, messages } from '@shop/shared';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import azAuth from '../locales/az/auth.json';
import azCatalog from '../locales/az/catalog.json';
import azCommon from '../locales/az/common.json';
import azCp from '../locales/az/cp.json';
import azProducts from '../locales/az/products.json';
import enAuth from '../locales/en/auth.json';
import enCatalog from '../locales/en/catalog.json';
import enCommon from '../locales/en/common.json';
import enCp from '../locales/en/cp.json';
import enProducts from '../locales/en/products.json';
import ruAuth from '../locales/ru/auth.json';
import ruCatalog from '../locales/ru/catalog.json';
import ruCommon from '../locales/ru/common.json';
import ruCp from '../locales/ru/cp.json';
import ruProducts from '../locales/ru/products.json';

/**
 * Interface texts: one JSON per area and language under locales/, plus the shared message
 * catalogue (errors and field messages) as `messages:<key>`.
 */
export const locales = {
  az: { common: azCommon, auth: azAuth, cp: azCp, products: azProducts, catalog: azCatalog },
  en: { common: enCommon, auth: enAuth, cp: enCp, products: enProducts, catalog: enCatalog },
  ru: { common: ruCommon, auth: ruAuth, cp: ruCp, products: ruProducts, catalog: ruCatalog },
} as const;

function catalogue(language: Language) {
  return Object.fromEntries(Object.entries(messages).map(([key, texts]) => [key, texts[language]]));
}

export function createI18n(language: Language): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(locales).map(([lng, areas]) => [
        lng,
        { translation: areas, messages: catalogue(lng as Language) },
      ]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

export function languageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
