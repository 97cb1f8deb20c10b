import 'reflect-metadata';
import { IdentityCommands } from '@portal/contracts';
import { aCustomer, IdentityHarness, startIdentity, sessionOf } from '../testing/identity-harness';
import { createAdminCommand } from './create-admin';
import { CommandOutput } from '@portal/logging';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoCommand } from './seed-demo';

/** What a command printed, line by line. */
function capture(): CommandOutput & { info: jest.Mock; error: jest.Mock; errors(): string[]; infos(): string[] } {
  const info = jest.fn();
  const error = jest.fn();
  return { info, error, infos: () => info.mock.calls.map(([line]) => line), errors: () => error.mock.calls.map(([line]) => line) };
}

describe('command-line tools', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_cli');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const signIn = (email: string, password: string) => harness.client.send(IdentityCommands.signIn, { email, password }).then(sessionOf);

  describe('create-admin', () => {
    const run = (args: string[], output = capture()) => createAdminCommand(args, harness.infrastructure.env, output).then((code) => ({ code, output }));
    const argsFor = (overrides: Record<string, string> = {}) => {
      const values = { email: aCustomer().email, password: 'Sturdy#Pass1', 'first-name': 'Grace', 'last-name': 'Hopper', ...overrides };
      return Object.entries(values).flatMap(([name, value]) => [`--${name}`, value]);
    };

    it('creates a confirmed super administrator who can sign in at once', async () => {
      const email = aCustomer().email;
      const { code, output } = await run(argsFor({ email }));
      expect(code).toBe(0);
      expect(output.infos()).toEqual([`Created super_admin account for ${email}.`]);

      const session = await signIn(email, 'Sturdy#Pass1');
      expect(session.user).toMatchObject({ email, userType: 'admin', adminRole: 'super_admin', firstName: 'Grace', lastName: 'Hopper' });

      const { rows } = await harness.database.query(`SELECT actor_user_id, action_type, metadata FROM identity.audit_logs WHERE target_id = $1`, [session.user.id]);
      expect(rows).toEqual([{ actor_user_id: null, action_type: 'admin_created', metadata: { source: 'cli', adminRole: 'super_admin', email } }]);
    });

    it('creates an administrator with the role asked for', async () => {
      const email = aCustomer().email;
      expect((await run(argsFor({ email, role: 'moderator' }))).code).toBe(0);
      await expect(signIn(email, 'Sturdy#Pass1')).resolves.toMatchObject({ user: { adminRole: 'moderator' } });
    });

    it('lists each unmet password requirement', async () => {
      const { code, output } = await run(argsFor({ password: 'weak' }));
      expect(code).toBe(1);
      expect(output.errors()).toEqual([
        'Password requirements not met',
        '  - At least 8 characters',
        '  - One uppercase letter',
        '  - One number',
        '  - One special character',
      ]);
    });

    it('refuses an invalid email address', async () => {
      const { code, output } = await run(argsFor({ email: 'not-an-address' }));
      expect(code).toBe(1);
      expect(output.errors()).toEqual(['Please enter a valid email address']);
    });

    it('refuses an unknown role', async () => {
      const { code, output } = await run(argsFor({ role: 'owner' }));
      expect(code).toBe(1);
      expect(output.errors()).toEqual(['Please choose a valid admin role']);
    });

    it('asks for every field', async () => {
      const { code, output } = await run(['--email', aCustomer().email]);
      expect(code).toBe(1);
      expect(output.errors()[0]).toBe('All fields are required');
      expect(output.errors()[1]).toMatch(/^Usage: create-admin --email/);
    });

    it('refuses options it does not know', async () => {
      const { code, output } = await run([...argsFor(), '--superpowers', 'yes']);
      expect(code).toBe(1);
      expect(output.errors().at(-1)).toMatch(/^Usage: create-admin/);
    });

    it('refuses an email that already has an account', async () => {
      const email = aCustomer().email;
      await run(argsFor({ email }));
      const { code, output } = await run(argsFor({ email: email.toUpperCase() }));
      expect(code).toBe(1);
      expect(output.errors()).toEqual(['An account with this email already exists']);
    });
  });

  describe('seed-demo', () => {
    it('refuses to run outside development', async () => {
      const output = capture();
      expect(await seedDemoCommand(harness.infrastructure.env, output)).toBe(1);
      expect(output.errors()[0]).toMatch(/^Refusing to seed demo accounts: NODE_ENV is test/);
      const { rows } = await harness.database.query('SELECT 1 FROM identity.users WHERE email = $1', [DEMO_ADMIN.email]);
      expect(rows).toHaveLength(0);
    });

    it('creates the demo administrator and customer once, and prints their sign-ins', async () => {
      const env = { ...harness.infrastructure.env, NODE_ENV: 'development' };
      const first = capture();
      expect(await seedDemoCommand(env, first)).toBe(0);
      expect(first.infos()).toEqual([
        'Demo sign-ins (development only):',
        '  Administrator  admin@demo.portal / Admin#2026demo  (created)',
        '  Customer       customer@demo.portal / Customer#2026demo  (created)',
      ]);
      const again = capture();
      expect(await seedDemoCommand(env, again)).toBe(0);
      expect(again.infos().slice(1)).toEqual([
        '  Administrator  admin@demo.portal / Admin#2026demo  (already there)',
        '  Customer       customer@demo.portal / Customer#2026demo  (already there)',
      ]);

      await expect(signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).resolves.toMatchObject({ user: { userType: 'admin', adminRole: 'super_admin' } });
      await expect(signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).resolves.toMatchObject({ user: { userType: 'customer', userStatus: 'active' } });
      const { rows } = await harness.database.query('SELECT count(*)::int AS users FROM identity.users WHERE email = ANY($1)', [[DEMO_ADMIN.email, DEMO_CUSTOMER.email]]);
      expect(rows[0].users).toBe(2);
    });
  });
});
