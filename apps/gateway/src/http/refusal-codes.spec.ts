import 'reflect-metadata';
import { getMetadataStorage } from 'class-validator';
import { RefusalContext } from '@portal/contracts';
import { userMessage } from '@portal/domain-rules';
import * as auditLogs from '../admin/audit-logs.dto';
import * as adminUsers from '../admin-users/admin-users.dto';
import * as applications from '../applications/applications.dto';
import * as backOffice from '../back-office/back-office.dto';
import * as treasury from '../back-office/treasury.dto';
import * as notifications from '../notifications/notifications.dto';
import * as settings from '../settings/admin-settings.controller';
import * as support from '../support/support.dto';

/** The gateway's own request bodies and queries (the contracts' are checked in libs/contracts). */
const REQUEST_CLASSES = new Set([auditLogs, adminUsers, applications, backOffice, treasury, notifications, settings, support].flatMap((module) => Object.values(module)).filter((value) => typeof value === 'function'));

/**
 * Issue 31: a refusal of the gateway's validation reaches clients with the code of its text in
 * the user-message catalogue (they translate by it), one naming an API parameter included.
 * Only class-validator's own templates (`$property ...`) and rules given no message have none.
 */
describe('the gateway’s request validation', () => {
  it('gives every rule with a message the code of that message', () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, { target: unknown; message?: unknown; context?: RefusalContext }[]> };
    const rules = [...storage.validationMetadatas.values()]
      .flat()
      .filter((rule): rule is { target: unknown; message: string; context?: RefusalContext } => REQUEST_CLASSES.has(rule.target) && typeof rule.message === 'string');
    expect(rules.length).toBeGreaterThan(20);
    const uncoded = rules.filter((rule) => !rule.message.includes('$property') && !(rule.context && userMessage(rule.context.code, rule.context.params) === rule.message));
    expect([...new Set(uncoded.map((rule) => rule.message))]).toEqual([]);
  });
});
