import { Language, LANGUAGES } from '@portal/contracts';

export type { Language };

/** The language of an email: the recipient's choice when known and supported, else English. */
export function emailLanguage(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'en';
}

/** A template's words in every language the portal offers; the compiler refuses a missing one. */
export type Translated<T> = Record<Language, T>;
