#!/usr/bin/env node
// Writes apps/web/src/api/locales/en.json, the web app's `server` namespace in English,
// from the registry of user messages (libs/domain-rules/src/messages/user-messages.ts).
// With --check it writes nothing and fails when the file is stale; the other languages
// are checked against English by libs/contracts/src/common/user-messages.spec.ts.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '..');
const registryFile = path.join(root, 'libs/domain-rules/src/messages/user-messages.ts');
const catalogueFile = path.join(root, 'apps/web/src/api/locales/en.json');

function registry() {
  // The registry has no imports, so it runs on its own once its types are stripped.
  const { outputText } = ts.transpileModule(fs.readFileSync(registryFile, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports.USER_MESSAGES;
}

const expected = `${JSON.stringify(registry(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = fs.existsSync(catalogueFile) ? fs.readFileSync(catalogueFile, 'utf8') : '';
  if (current !== expected) {
    console.error(`${path.relative(root, catalogueFile)} is stale: run npm run i18n:server-catalogue`);
    process.exit(1);
  }
  console.log('The server message catalogue is up to date.');
} else {
  fs.writeFileSync(catalogueFile, expected);
  console.log(`Wrote ${path.relative(root, catalogueFile)}`);
}
