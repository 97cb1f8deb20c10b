import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createLogger } from '@portal/logging';
import { GatewayEnvironment } from '../config/gateway-environment';
import { createGatewayApp } from '../create-gateway-app';
import { buildOpenApiDocument, serialiseOpenApiDocument } from './openapi-document';

/** libs/api-client/openapi.json, found from this file whether it runs from src or dist. */
export const DEFAULT_OPENAPI_PATH = resolve(__dirname, '..', '..', '..', '..', 'libs', 'api-client', 'openapi.json');

/**
 * The gateway's OpenAPI document, built from the real app without any connection: the
 * app is created but never initialised, so NATS and Redis are never contacted, and the
 * environment is the defaults (the document must not depend on where it is written).
 */
export async function renderOpenApiDocument(): Promise<string> {
  // A throwaway key: the offline app verifies no token, it only needs one to be built.
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const app = await createGatewayApp({ environment: new GatewayEnvironment(), jwtPublicKey: publicKey }, createLogger('gateway', 'warn'));
  try {
    return serialiseOpenApiDocument(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const target = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : DEFAULT_OPENAPI_PATH);
  const document = await renderOpenApiDocument();
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, document);
  process.stdout.write(`OpenAPI document written to ${target}\n`);
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`Could not write the OpenAPI document: ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
