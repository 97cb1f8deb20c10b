import { checkTranslations, type Catalogue } from '../translations-check.cjs';

const english: Catalogue = {
  login: { title: 'Sign in', welcome: 'Welcome back, {{name}}' },
  items_one: '{{count}} item',
  items_other: '{{count}} items',
};
const german: Catalogue = {
  login: { title: 'Anmelden', welcome: 'Willkommen zurück, {{name}}' },
  items_one: '{{count}} Eintrag',
  items_other: '{{count}} Einträge',
};
const complete = (overrides: Record<string, Catalogue | undefined> = {}) => ({
  auth: { en: english, es: german, fr: german, de: german, ...overrides },
});

describe('translation check', () => {
  it('passes catalogues that have every English key with the same placeholders', () => {
    expect(checkTranslations(complete())).toEqual([]);
  });

  it('accepts other plural forms than English has (French and Spanish add _many)', () => {
    expect(checkTranslations(complete({ fr: { ...german, items_many: '{{count}} éléments' } }))).toEqual([]);
  });

  it('names a key a language misses', () => {
    const { login, ...rest } = german;
    expect(checkTranslations(complete({ de: { ...rest, login: { title: (login as Catalogue).title } } }))).toEqual(['auth/de.json: misses "login.welcome"']);
  });

  it('names a key English does not have', () => {
    expect(checkTranslations(complete({ es: { ...german, stale: 'Viejo' } }))).toEqual(['auth/es.json: has "stale", which English does not']);
  });

  it('names a placeholder that differs', () => {
    const wrong = { ...german, login: { title: 'Anmelden', welcome: 'Willkommen zurück, {{firstName}}' } };
    expect(checkTranslations(complete({ de: wrong }))).toEqual(['auth/de.json: "login.welcome" has placeholders firstName, English has name']);
  });

  it('names a missing catalogue file and an empty text', () => {
    expect(checkTranslations(complete({ fr: undefined, es: { ...german, items_other: '' } }))).toEqual([
      'auth/es.json: "items_other" is not a text',
      'auth/fr.json: missing',
    ]);
  });
});
