'use strict';
// Issue 9: the web app's catalogues (apps/web/src/<folder>/locales/<language>.json) are
// complete: every es/fr/de file has exactly the keys of the English one, with the same
// {{placeholders}}. Prints each problem and exits 1 when there is one.
// Usage: node scripts/check-translations.js
const fs = require('node:fs');
const path = require('node:path');
const { checkTranslations, LANGUAGES } = require('../apps/web/translations-check.cjs');

const src = path.join(__dirname, '..', 'apps', 'web', 'src');

function main() {
  const catalogues = {};
  for (const folder of fs.readdirSync(src)) {
    const locales = path.join(src, folder, 'locales');
    if (!fs.existsSync(locales)) continue;
    catalogues[folder] = {};
    for (const language of LANGUAGES) {
      const file = path.join(locales, `${language}.json`);
      if (!fs.existsSync(file)) continue;
      try {
        catalogues[folder][language] = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (error) {
        console.error(`${folder}/${language}.json: not valid JSON (${error.message})`);
        return 1;
      }
    }
    const unknown = fs.readdirSync(locales).filter((name) => !LANGUAGES.some((language) => name === `${language}.json`));
    if (unknown.length > 0) {
      console.error(`${folder}/locales: ${unknown.join(', ')} is not a catalogue of ${LANGUAGES.join(', ')}`);
      return 1;
    }
  }
  const problems = checkTranslations(catalogues);
  if (problems.length > 0) {
    console.error(`Translation catalogues are incomplete (apps/web/src/*/locales):\n${problems.map((line) => `  ${line}`).join('\n')}`);
    return 1;
  }
  console.log(`Translations complete: ${Object.keys(catalogues).length} namespaces in ${LANGUAGES.join(', ')}.`);
  return 0;
}

process.exitCode = main();
