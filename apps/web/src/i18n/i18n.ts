import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Spec 02 §3 Preferences: the languages the portal speaks. English is the reference catalogue. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Where a namespace's catalogues live: src/<folder>/locales. A namespace is named after its
 * folder, except `server` (the texts of the gateway's error codes), kept beside the API code in src/api.
 */
export function catalogueFolder(namespace: string): string {
  return namespace === 'server' ? 'api' : namespace;
}

export function namespaceOfFolder(folder: string): string {
  return folder === 'api' ? 'server' : folder;
}

/** The Intl locale each language formats dates, numbers and money with. */
const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

/**
 * The app's one i18next instance. Namespaces are feature folders (`auth`, `shell`, ...):
 * their catalogues live beside the code, `src/<folder>/locales/<language>.json`, and are
 * fetched when a screen using them first renders (see backend.ts). `server` holds the
 * texts of the gateway's error codes (src/api/locales).
 */
export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

/** Options shared by the browser (lazy catalogues) and the unit tests (English, loaded at once). */
export const baseOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  // Catalogues are complete (scripts/check-translations.js), so no second language is
  // fetched as a fallback: a first visit downloads only its own language's texts.
  fallbackLng: false,
  load: 'languageOnly',
  defaultNS: 'ui',
  // What every screen shows (loading card, error screen): fetched at start with the language.
  ns: ['ui', 'errors', 'server'],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  react: { useSuspense: true },
};

/** The language shown now (`en` until one is chosen). */
export function currentLanguage(): Language {
  // The requested language, not resolvedLanguage: that one waits for a catalogue to arrive.
  const language = i18n.language?.split('-')[0];
  return isLanguage(language) ? language : 'en';
}

/** The Intl locale of the language shown now. */
export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

// Screen readers, hyphenation and the browser's own widgets follow <html lang>.
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined' && isLanguage(language)) document.documentElement.lang = language;
});
