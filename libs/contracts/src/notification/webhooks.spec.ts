import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { IdentityEvents } from '../identity/subjects';
import { LedgerEvents } from '../ledger/events';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

const WEB_COPY = join(__dirname, '../../../../apps/web/src/webhooks/webhook-event-types.ts');

/** The Webhooks screen's copy of the list, compiled and run as it is (the web app cannot import the contracts). */
function webCopy(): readonly string[] {
  const { outputText } = ts.transpileModule(readFileSync(WEB_COPY, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} as { WEBHOOK_EVENT_TYPES: readonly string[] } };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports.WEBHOOK_EVENT_TYPES;
}

describe('the event types a webhook may subscribe to', () => {
  it('are what the Webhooks screen offers', () => {
    expect(webCopy()).toEqual(WEBHOOK_EVENT_TYPES);
  });

  it('include the domain events and leave out audit records and single-use links', () => {
    expect(WEBHOOK_EVENT_TYPES).toContain(LedgerEvents.depositCompleted.subject);
    expect(WEBHOOK_EVENT_TYPES.filter((type) => type.includes('.audit.'))).toEqual([]);
    for (const withLink of [IdentityEvents.passwordResetRequested, IdentityEvents.emailConfirmationRequested, IdentityEvents.emailChangeRequested]) expect(WEBHOOK_EVENT_TYPES).not.toContain(withLink.subject);
  });
});
