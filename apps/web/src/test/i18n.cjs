'use strict';
// Unit tests render in English, synchronously: every namespace's English catalogue
// (src/<folder>/locales/en.json) is loaded up front instead of fetched on demand (src/i18n).
const fs = require('node:fs');
const path = require('node:path');
const { baseOptions, i18n, namespaceOfFolder } = require('../i18n/i18n');

const src = path.join(__dirname, '..');
const english = {};
for (const folder of fs.readdirSync(src)) {
  const catalogue = path.join(src, folder, 'locales', 'en.json');
  if (fs.existsSync(catalogue)) english[namespaceOfFolder(folder)] = JSON.parse(fs.readFileSync(catalogue, 'utf8'));
}

void i18n.init({ ...baseOptions, lng: 'en', ns: Object.keys(english), resources: { en: english }, initAsync: false });
