import { randomUUID } from 'node:crypto';
import { ageSignInProofs, SignedInAccount, signIn, TestStack } from '@portal/testing';
import { approvedDeposit, customerAndAdmin, useTestStack } from './journeys';

type Body = Record<string, unknown>;

// Issue 29: what moves money out wants a sign-in proof from the last five minutes.
describe('re-authentication before a withdrawal', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;

  useTestStack(
    'api-reauthentication',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack, { firstName: 'Emmy', lastName: 'Noether' }));
      await approvedDeposit(customer, admin, 5000);
    },
    { timeoutMs: 180_000 },
  );

  const withdrawal = (amount: string) => ({ accountName: 'Emmy Noether', accountNumber: 'GB82 WEST 1234 5698 7654 32', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount, currency: 'USD' });
  const balance = async () => (await customer.api.get<Body>('/api/v1/balance')).body;

  it('refuses a withdrawal six minutes after sign-in with reauthentication_required and holds nothing; after the password it goes through', async () => {
    await ageSignInProofs(stack.env.DATABASE_URL as string, customer.user.id, 6);
    const key = randomUUID();
    const refused = await customer.api.post<Body>('/api/v1/withdrawals', withdrawal('1000'), { 'Idempotency-Key': key });
    expect(refused).toMatchObject({ status: 401, body: { code: 'reauthentication_required', message: 'Please confirm it is you to continue.' } });
    expect(await balance()).toMatchObject({ available: '5000.00', held: '0.00' });
    // The session itself is fine: other calls go on working.
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);

    const wrong = await customer.api.post<Body>('/api/v1/auth/reauthenticate', { password: 'not-my-password' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'reauthentication_wrong_password' } });
    expect((await customer.api.post<Body>('/api/v1/withdrawals', withdrawal('1000'), { 'Idempotency-Key': key })).status).toBe(401);

    expect((await customer.api.post('/api/v1/auth/reauthenticate', { password: customer.password })).status).toBe(204);
    const accepted = await customer.api.post<Body>('/api/v1/withdrawals', withdrawal('1000'), { 'Idempotency-Key': key });
    expect(accepted).toMatchObject({ status: 201, body: { amount: '-1000.00', status: 'pending' } });
    expect(await balance()).toMatchObject({ available: '4000.00', held: '1000.00' });
  });

  it('a fresh sign-in is a proof; null, wrong types or two proofs at once are 400', async () => {
    const fresh = await signIn(stack.api, customer.email, customer.password);
    expect((await fresh.api.post<Body>('/api/v1/withdrawals', withdrawal('100'), { 'Idempotency-Key': randomUUID() })).status).toBe(201);

    for (const body of [{}, { password: null }, { password: 12345678 }, { code: ['123456'] }, { password: customer.password, code: '123456' }, { passkey: 'assertion' }]) {
      const answer = await fresh.api.post<Body>('/api/v1/auth/reauthenticate', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await stack.api.post('/api/v1/auth/reauthenticate', { password: 'whatever' })).status).toBe(401);
  });
});
