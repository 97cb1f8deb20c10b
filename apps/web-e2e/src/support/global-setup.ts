import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startTestStack } from '@portal/testing';
import { stackFile } from './stack-file';

/** Starts the whole portal (serving the built web app) once for the browser suite. */
export default async function globalSetup() {
  // At localhost, not 127.0.0.1: browsers make passkeys only for a domain name (passkeys.pw-spec.ts).
  const stack = await startTestStack('web-e2e', { serveWebApp: true, host: 'localhost' });
  mkdirSync(dirname(stackFile), { recursive: true });
  writeFileSync(stackFile, JSON.stringify({ baseUrl: stack.baseUrl, mailUrl: stack.inbox.baseUrl, root: stack.root, env: stack.env }));
  return async () => {
    await stack.stop();
  };
}
