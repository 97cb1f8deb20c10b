/** Types of translations-check.cjs, for its spec. */
export type Catalogue = { [key: string]: string | Catalogue };
export function checkTranslations(catalogues: Record<string, Record<string, Catalogue | undefined>>): string[];
export const LANGUAGES: string[];
