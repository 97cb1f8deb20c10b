import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { buildAsyncApiDocument, serialiseAsyncApiDocument } from './asyncapi-document';

/** docs/asyncapi.json at the repository's root, found from this file whether it runs from src or dist. */
export const DEFAULT_ASYNCAPI_PATH = resolve(__dirname, '..', '..', '..', '..', 'docs', 'asyncapi.json');

/**
 * Writes the event catalogue (scripts/asyncapi.sh builds this first):
 *   write-asyncapi.js [--out FILE]   writes it (default docs/asyncapi.json)
 *   write-asyncapi.js --check        writes nothing; fails when the committed file is stale
 */
function main(): void {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const target = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : DEFAULT_ASYNCAPI_PATH);
  const document = serialiseAsyncApiDocument(buildAsyncApiDocument());
  const shown = relative(process.cwd(), target) || target;
  if (args.includes('--check')) {
    if (!existsSync(target) || readFileSync(target, 'utf8') !== document) {
      process.stderr.write(`${shown} is stale: run npm run asyncapi\n`);
      process.exit(1);
    }
    process.stdout.write(`${shown} is up to date.\n`);
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, document);
  process.stdout.write(`AsyncAPI document written to ${shown}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`Could not write the AsyncAPI document: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
}
