import { catalogueBackend } from './backend';
import { baseOptions, i18n } from './i18n';
import { initialLanguage } from './language';

/**
 * Browser start-up: the remembered (or the browser's) language, catalogues fetched as screens
 * need them. `initAsync: false` asks for the first catalogues now, in the start-up script's own
 * task, instead of in a later one that waits behind React's first render: on a slow phone
 * that wait is a few hundred milliseconds before the first screen can show any text.
 */
export function startI18n(): Promise<unknown> {
  return i18n.use(catalogueBackend).init({ ...baseOptions, lng: initialLanguage(), initAsync: false });
}
