import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MailInbox, PortalApi } from '@portal/testing';

export const stackFile = join(__dirname, '..', '..', '..', '..', 'tmp', 'web-e2e-stack.json');

export interface RunningPortal {
  baseUrl: string;
  mailUrl: string;
  root: string;
  env: NodeJS.ProcessEnv;
}

/** The portal the global set-up started, with an API client and the mail inbox. */
export function runningPortal() {
  const portal = JSON.parse(readFileSync(stackFile, 'utf8')) as RunningPortal;
  return { ...portal, api: new PortalApi(portal.baseUrl), inbox: new MailInbox(portal.mailUrl) };
}
