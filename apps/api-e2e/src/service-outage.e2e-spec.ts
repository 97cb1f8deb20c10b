import { signIn, TestStack } from '@portal/testing';
import { customerOn, useTestStack } from './journeys';

describe('a service outage', () => {
  let stack: TestStack;

  useTestStack('api-outage', (started) => (stack = started));

  it('makes sign-in answer 503 with a clear message and recovers when the service is back', async () => {
    const customer = await customerOn(stack);
    expect((await stack.api.get('/health/ready')).status).toBe(200);

    await stack.stack.stopService('identity');
    const startedAt = Date.now();
    const down = await stack.api.post('/api/v1/auth/login', { email: customer.email, password: customer.password });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('The identity service is unavailable. Please try again shortly.');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // The gateway stays in service (the web app and other services keep working); operators see the outage.
    expect((await stack.api.get('/health/ready')).status).toBe(200);
    expect((await stack.api.get('/health/services')).status).toBe(503);
    expect((await stack.api.get('/api/v1/settings/public')).status).toBe(503);

    stack.stack.startService('identity');
    await stack.stack.waitUntilReady(60_000);
    await expect(signIn(stack.api, customer.email, customer.password)).resolves.toMatchObject({ email: customer.email });
  });
});
