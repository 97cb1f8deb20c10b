import { catalogueBackend } from './backend';
import { baseOptions, i18n } from './i18n';
import { initialLanguage } from './language';

/** Browser start-up: the remembered (or the browser's) language, catalogues fetched as screens need them. */
export function startI18n(): Promise<unknown> {
  return i18n.use(catalogueBackend).init({ ...baseOptions, lng: initialLanguage() });
}
