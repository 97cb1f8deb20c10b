import type { BackendModule, ReadCallback } from 'i18next';
import { catalogueFolder } from './i18n';

// One lazily loaded chunk per catalogue: src/<namespace>/locales/<language>.json. Only the
// catalogues of the shown language and of the namespaces in use are fetched.
const catalogues = import.meta.glob<Record<string, unknown>>('../*/locales/*.json', { import: 'default' });

/** An i18next backend over the catalogues the build found beside the features. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const folder = catalogueFolder(namespace);
    const load = catalogues[`../${folder}/locales/${language}.json`];
    if (!load) {
      callback(new Error(`No catalogue src/${folder}/locales/${language}.json`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
