import type { BackendModule, ReadCallback } from 'i18next';
import { catalogueFolder, isLanguage, type Language } from './i18n';

type CatalogueLoaders = Record<string, () => Promise<Record<string, unknown>>>;

// Which catalogues exist, per language: a map of lazy loaders (some 2 kB compressed for all four
// languages), in this module rather than in a chunk of its own, so the first screen's catalogues
// are asked for at once instead of one round trip later. Each catalogue,
// src/<namespace>/locales/<language>.json, stays its own lazily loaded chunk.
const LANGUAGE_INDEXES: Record<Language, CatalogueLoaders> = {
  en: import.meta.glob<Record<string, unknown>>('../*/locales/en.json', { import: 'default' }),
  es: import.meta.glob<Record<string, unknown>>('../*/locales/es.json', { import: 'default' }),
  fr: import.meta.glob<Record<string, unknown>>('../*/locales/fr.json', { import: 'default' }),
  de: import.meta.glob<Record<string, unknown>>('../*/locales/de.json', { import: 'default' }),
};

async function loadCatalogue(language: string, namespace: string): Promise<Record<string, unknown>> {
  const folder = catalogueFolder(namespace);
  const load = isLanguage(language) ? LANGUAGE_INDEXES[language][`../${folder}/locales/${language}.json`] : undefined;
  if (!load) throw new Error(`No catalogue src/${folder}/locales/${language}.json`);
  return load();
}

/** An i18next backend over the catalogues the build found beside the features. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadCatalogue(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
