import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/it';
import {
  DEFAULT_LANGUAGE,
  INTL_LOCALES,
  isLanguage,
  LANGUAGES,
  STORAGE_KEYS,
  type Language,
} from '@heliotrack/domain/constants';
import { ui as uiEs } from '@heliotrack/domain/i18n/ui/es';
import { ui as uiEn } from '@heliotrack/domain/i18n/ui/en';
import { ui as uiIt } from '@heliotrack/domain/i18n/ui/it';
import { api as apiEs } from '@heliotrack/domain/i18n/api/es';
import { api as apiEn } from '@heliotrack/domain/i18n/api/en';
import { api as apiIt } from '@heliotrack/domain/i18n/api/it';
import { createStore, useStore } from './create-store';
import { readString, writeString } from './storage';

/** Locales for dayjs; en is British English, as INTL_LOCALES. */
export const DAYJS_LOCALES: Record<Language, string> = { es: 'es', en: 'en-gb', it: 'it' };

export const resources = {
  es: { ui: uiEs, api: apiEs },
  en: { ui: uiEn, api: apiEn },
  it: { ui: uiIt, api: apiIt },
} as const;

function storedLanguage(): Language {
  const stored = readString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * The current language lives in memory too: logout clears all storage (specification), yet the
 * login page should stay in the language the person was using until they reload.
 */
const languageStore = createStore<Language>(storedLanguage());

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: languageStore.get(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['ui', 'api'],
  defaultNS: 'ui',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(languageStore.get());

/** The language of the interface and of the Accept-Language header. */
export function getLanguage(): Language {
  return languageStore.get();
}

export function getIntlLocale(language: Language = getLanguage()): string {
  return INTL_LOCALES[language];
}

/** Stores currentLang and switches the interface at once. */
export function changeLanguage(language: Language): void {
  writeString(STORAGE_KEYS.language, language);
  languageStore.set(language);
  applyLanguage(language);
  void i18n.changeLanguage(language);
}

export function useLanguage(): Language {
  return useStore(languageStore);
}

/** Shortcut for code outside React (the http client, guards). */
export const t = i18n.t.bind(i18n);
