'use strict';
/**
 * The translation check's rules, kept free of file access so they can be tested: every
 * Spanish, French and German catalogue has exactly the keys of the English one of its
 * namespace, each a non-empty text with the same {{placeholders}}. Plural forms (key_one,
 * key_other, ...) differ by language, so a plural key is compared by its base name.
 * scripts/check-translations.js reads the files and prints the problems.
 */
const REFERENCE = 'en';
const OTHERS = ['es', 'fr', 'de'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** { "a.b": "text" } for every leaf of a nested catalogue; a leaf that is not text is a problem. */
function flatten(catalogue, prefix = '', into = new Map(), problems = []) {
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, into, problems);
    else if (typeof value === 'string' && value.trim() !== '') into.set(path, value);
    else problems.push(`"${path}" is not a text`);
  }
  return { texts: into, problems };
}

/** Keys with plural forms folded into their base name, each with the placeholders of its forms. */
function keyed(texts) {
  const keys = new Map();
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL, '');
    const names = keys.get(base) ?? new Set();
    for (const match of text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)) names.add(match[1]);
    keys.set(base, names);
  }
  return keys;
}

const sameSet = (a, b) => a.size === b.size && [...a].every((item) => b.has(item));
const list = (set) => [...set].sort().join(', ') || 'none';

/**
 * `catalogues`: { [namespace]: { [language]: parsed JSON or undefined when the file is missing } }.
 * Returns the problems, one line each ("auth/de.json: misses \"login.title\""); none means all is well.
 */
function checkTranslations(catalogues) {
  const problems = [];
  for (const [namespace, languages] of Object.entries(catalogues).sort(([a], [b]) => a.localeCompare(b))) {
    const file = (language) => `${namespace}/${language}.json`;
    if (!languages[REFERENCE]) {
      problems.push(`${file(REFERENCE)}: missing (English is the reference catalogue)`);
      continue;
    }
    const english = flatten(languages[REFERENCE]);
    problems.push(...english.problems.map((problem) => `${file(REFERENCE)}: ${problem}`));
    const reference = keyed(english.texts);
    for (const language of OTHERS) {
      if (!languages[language]) {
        problems.push(`${file(language)}: missing`);
        continue;
      }
      const translated = flatten(languages[language]);
      problems.push(...translated.problems.map((problem) => `${file(language)}: ${problem}`));
      const keys = keyed(translated.texts);
      for (const [key, names] of reference) {
        if (!keys.has(key)) problems.push(`${file(language)}: misses "${key}"`);
        else if (!sameSet(names, keys.get(key))) {
          problems.push(`${file(language)}: "${key}" has placeholders ${list(keys.get(key))}, English has ${list(names)}`);
        }
      }
      for (const key of keys.keys()) if (!reference.has(key)) problems.push(`${file(language)}: has "${key}", which English does not`);
    }
  }
  return problems;
}

module.exports = { checkTranslations, LANGUAGES: [REFERENCE, ...OTHERS] };
