import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-action-labels';

const CATALOGUE = join(__dirname, '../../../../apps/web/src/reports/locales/en.json');
const webLabels = (): Record<string, string> => JSON.parse(readFileSync(CATALOGUE, 'utf8')).audit.actions;

describe('the English labels of the audit actions', () => {
  it('are the texts of the web app’s English catalogue (reports audit.actions), word for word and in the same order', () => {
    // One set of English texts: the screen (through the catalogue) and the gateway's exports (through this map) read the same.
    expect(JSON.stringify(webLabels(), null, 2)).toBe(JSON.stringify(AUDIT_ACTION_LABELS, null, 2));
  });

  it('name each action in snake_case and give each label once', () => {
    for (const action of Object.keys(AUDIT_ACTION_LABELS)) expect(action).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('give an action’s label, or its raw name when it has none', () => {
    expect(auditActionLabel('user_suspended')).toBe('User suspended');
    expect(auditActionLabel('withdrawal_first_approval')).toBe('Withdrawal approved (first of two)');
    expect(auditActionLabel('payout_held_for_review')).toBe('payout_held_for_review');
    // Only the map's own entries are labels, never what every object inherits.
    expect(auditActionLabel('constructor')).toBe('constructor');
    expect(auditActionLabel('__proto__')).toBe('__proto__');
    expect(auditActionLabel('')).toBe('');
  });
});
