import type { BackendModule, ReadCallback } from 'i18next';
import { catalogueFolder, isLanguage, type Language } from './i18n';

type CatalogueLoaders = Record<string, () => Promise<Record<string, unknown>>>;

// Which catalogues exist is itself loaded per language: listing every file of every
// language in the first chunk would cost the sign-in page bytes with each new namespace.
// Each catalogue, src/<namespace>/locales/<language>.json, is its own lazily loaded chunk.
const LANGUAGE_INDEXES: Record<Language, () => Promise<{ default: CatalogueLoaders }>> = {
  en: () => import('./catalogues/en'),
  es: () => import('./catalogues/es'),
  fr: () => import('./catalogues/fr'),
  de: () => import('./catalogues/de'),
};

async function loadCatalogue(language: string, namespace: string): Promise<Record<string, unknown>> {
  const folder = catalogueFolder(namespace);
  const index = isLanguage(language) ? (await LANGUAGE_INDEXES[language]()).default : {};
  const load = index[`../../${folder}/locales/${language}.json`];
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
