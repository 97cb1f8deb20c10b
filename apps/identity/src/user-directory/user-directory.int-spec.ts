import 'reflect-metadata';
import { IdentityCommands } from '@portal/contracts';
import { aCustomer, actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

describe('the user directory other services ask for names and audiences', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('user_directory');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('names the people behind a page of ids for an admin, and skips unknown ids', async () => {
    const ada = await confirmedCustomer(harness, aCustomer({ firstName: 'Ada', lastName: 'Lovelace' }));
    const { actor } = await signedInAdmin(harness, 'support');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const { users } = await harness.client.as(actor).send(IdentityCommands.lookupUsers, { userIds: [ada.session.user.id, unknown, ada.session.user.id] });
    expect(users).toEqual([
      { id: ada.session.user.id, email: ada.form.email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'pending' },
    ]);
  });

  it('finds the ids matching a filter or a name, page by page', async () => {
    const grace = await confirmedCustomer(harness, aCustomer({ firstName: 'Grace', lastName: 'Hopper-Directory' }));
    const { actor } = await signedInAdmin(harness);
    const admin = harness.client.as(actor);
    expect(await admin.send(IdentityCommands.findUserIds, { q: 'hopper-dir' })).toEqual({ userIds: [grace.session.user.id], nextAfterId: null });
    expect(await admin.send(IdentityCommands.findUserIds, { q: '%' })).toEqual({ userIds: [], nextAfterId: null });
    // The full name and a piece of the email, in any case; a text running from the last name into the email is no match.
    expect((await admin.send(IdentityCommands.findUserIds, { q: 'GRACE hopper-directory' })).userIds).toEqual([grace.session.user.id]);
    const email = grace.form.email.toLowerCase();
    expect((await admin.send(IdentityCommands.findUserIds, { q: email.slice(2, 12).toUpperCase() })).userIds).toContain(grace.session.user.id);
    expect((await admin.send(IdentityCommands.findUserIds, { q: `directory ${email.slice(0, 6)}` })).userIds).toEqual([]);
    const suspendedOnly = await admin.send(IdentityCommands.findUserIds, { userType: 'customer', userStatus: 'suspended' });
    expect(suspendedOnly.userIds).not.toContain(grace.session.user.id);
    const customers = await admin.send(IdentityCommands.findUserIds, { userType: 'customer' });
    expect(customers.userIds).toContain(grace.session.user.id);
    expect(customers.userIds).not.toContain(actor.userId);
    expect([...customers.userIds].sort()).toEqual(customers.userIds);
  });

  it('refuses customers and signed-out callers', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    expect(await failure(customer.send(IdentityCommands.lookupUsers, { userIds: [session.user.id] }))).toMatchObject({ statusCode: 403 });
    expect(await failure(customer.send(IdentityCommands.findUserIds, {}))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.send(IdentityCommands.findUserIds, {}))).toMatchObject({ statusCode: 401 });
  });

  it('leaves closed accounts out, and refuses an admin who is suspended or closed', async () => {
    const closed = await confirmedCustomer(harness, aCustomer({ firstName: 'Closed', lastName: 'Account' }));
    await harness.database.query('UPDATE identity.users SET deleted_at = now() WHERE id = $1', [closed.session.user.id]);
    const { actor } = await signedInAdmin(harness);
    expect(await harness.client.as(actor).send(IdentityCommands.lookupUsers, { userIds: [closed.session.user.id] })).toEqual({ users: [] });

    const suspended = await signedInAdmin(harness);
    await harness.database.query(`UPDATE identity.users SET user_status = 'suspended' WHERE id = $1`, [suspended.actor.userId]);
    expect(await failure(harness.client.as(suspended.actor).send(IdentityCommands.lookupUsers, { userIds: [actor.userId] }))).toMatchObject({ statusCode: 403 });
    const gone = await signedInAdmin(harness);
    await harness.database.query('UPDATE identity.users SET deleted_at = now() WHERE id = $1', [gone.actor.userId]);
    expect(await failure(harness.client.as(gone.actor).send(IdentityCommands.findUserIds, { q: 'closed' }))).toMatchObject({ statusCode: 403 });
  });

  it('rejects a malformed request with 400', async () => {
    const { actor } = await signedInAdmin(harness);
    expect(await failure(harness.client.sendUnchecked(IdentityCommands.lookupUsers, { userIds: ['not-a-uuid'] }, { actor }))).toMatchObject({ statusCode: 400 });
  });
});
