import { randomUUID } from 'node:crypto';
import { adminAccount, confirmedCustomer, CustomerDraft, SignedInAccount, startTestStack, TestStack } from '@portal/testing';

export interface SuiteStackOptions {
  /** Environment of the stack's processes, over the test defaults. */
  env?: NodeJS.ProcessEnv;
  /** For starting the stack and `ready` together (processes, accounts, connections). */
  timeoutMs?: number;
  /** What must end before the stack stops (connections to its NATS, open streams). */
  beforeStop?: () => unknown;
}

/**
 * A stack of its own for the enclosing describe block: started before its first test and
 * handed to `ready` (to keep, and to set the suite's accounts up on), stopped after its last.
 */
export function useTestStack(label: string, ready: (stack: TestStack) => unknown, options: SuiteStackOptions = {}): void {
  let started: TestStack | undefined;
  beforeAll(async () => {
    started = await startTestStack(label, options.env ? { env: options.env } : {});
    await ready(started);
  }, options.timeoutMs ?? 120_000);
  afterAll(async () => {
    await options.beforeStop?.();
    await started?.stop();
  });
}

/** Rate limits raised by configuration, for suites whose point is what each endpoint answers, not the limiter. */
export const RATE_LIMITS_RAISED: NodeJS.ProcessEnv = {
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_SESSION_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: '1000000',
  RATE_LIMIT_EXPORTS_PER_MINUTE: '1000000',
  RATE_LIMIT_BROADCASTS_PER_MINUTE: '1000000',
};

/** A customer who signed up, confirmed the email from the link sent and is signed in. */
export const customerOn = (stack: TestStack, draft?: CustomerDraft): Promise<SignedInAccount> => confirmedCustomer(stack.api, stack.inbox, draft);

/** An administrator made with the create-admin command (a super admin unless a role is given), signed in. */
export const adminOn = (stack: TestStack, role?: 'super_admin' | 'admin' | 'moderator' | 'support'): Promise<SignedInAccount> =>
  adminAccount(stack.api, { root: stack.root, env: stack.env, role });

/** The usual pair of a journey: a customer (named as given) and a super admin. */
export async function customerAndAdmin(stack: TestStack, customer?: CustomerDraft): Promise<{ customer: SignedInAccount; admin: SignedInAccount }> {
  return { customer: await customerOn(stack, customer), admin: await adminOn(stack) };
}

/** A bank deposit of `amount` USD by the customer, approved by the admin: the money is available. The deposit as created. */
export async function approvedDeposit(customer: SignedInAccount, admin: SignedInAccount, amount: number): Promise<{ id: string; [key: string]: unknown }> {
  const deposit = await customer.api.post<{ id: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  if (deposit.status !== 201) throw new Error(`deposit refused: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const approved = await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`);
  if (approved.status !== 200) throw new Error(`deposit approval refused: ${approved.status} ${JSON.stringify(approved.body)}`);
  return deposit.body;
}
