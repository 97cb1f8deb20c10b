import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { AuthErrorCodes, AuthMessages, IdentityCommands, IdentityEvents, KycFileCommands, PROFILE_PHOTO_PURPOSE, ProfileMessages, StoredFile, UpdateProfilePayload } from '@portal/contracts';
import { answerCommand, StandIn } from '@portal/testing';
import { actorOf, aCustomer, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity, tokenOf } from '../testing/identity-harness';

describe('the profile', () => {
  let harness: IdentityHarness;
  let kyc: StandIn;
  /** Files the kyc service (played here) stores, by owner. */
  const filesOf = new Map<string, StoredFile[]>();

  beforeAll(async () => {
    harness = await startIdentity('profile');
    kyc = answerCommand(
      harness.client.connection,
      KycFileCommands.ownedFiles,
      (payload, request) => ({ files: (filesOf.get(request.meta.actor?.userId ?? '') ?? []).filter((file) => (payload.fileIds as string[]).includes(file.id)) }),
      { queue: 'kyc' },
    );
    await harness.client.connection.flush();
  });

  afterAll(async () => {
    kyc?.unsubscribe();
    await harness?.stop();
  });

  const storedFile = (ownerId: string, purpose: string | null): StoredFile => {
    const file = { id: randomUUID(), name: 'me.png', size: 600, mimeType: 'image/png', purpose, createdAt: new Date().toISOString() };
    filesOf.set(ownerId, [...(filesOf.get(ownerId) ?? []), file]);
    return file;
  };

  it('stores the details a customer edits, and clears optional ones sent empty', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const before = await customer.send(IdentityCommands.getProfile, {});
    expect(before).toMatchObject({ id: session.user.id, email: session.user.email, phone: null, address: null, dateOfBirth: null, nationality: null, photoFileId: null, pendingEmail: null });

    const updated = await customer.send(IdentityCommands.updateProfile, {
      firstName: ' Grace ',
      lastName: 'Hopper',
      phone: '+1 (212) 555-0100',
      address: '1 Navy Yard, Arlington, VA',
      dateOfBirth: '1966-12-09',
      nationality: 'American',
    });
    expect(updated).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 (212) 555-0100', address: '1 Navy Yard, Arlington, VA', dateOfBirth: '1966-12-09', nationality: 'American' });
    expect(await customer.send(IdentityCommands.getProfile, {})).toEqual(updated);
    // The name shows everywhere the signed-in person is read.
    expect(await customer.send(IdentityCommands.getCurrentUser, {})).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    const cleared = await customer.send(IdentityCommands.updateProfile, { phone: '', address: null });
    expect(cleared).toMatchObject({ phone: null, address: null, nationality: 'American', firstName: 'Grace' });
  });

  it('refuses invalid details with a clear 400 and changes nothing', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const tooYoung = new Date(Date.now() - 17 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const invalid: [Partial<UpdateProfilePayload>, string][] = [
      [{ firstName: '  ' }, ProfileMessages.firstNameRequired],
      [{ lastName: '' }, ProfileMessages.lastNameRequired],
      [{ phone: 'call me maybe' }, ProfileMessages.invalidPhone],
      [{ dateOfBirth: '12/09/1966' }, ProfileMessages.invalidDateOfBirth],
      [{ dateOfBirth: '1999-02-30' }, ProfileMessages.invalidDateOfBirth],
      [{ dateOfBirth: tooYoung }, ProfileMessages.dateOfBirthRange],
      [{ dateOfBirth: '1850-01-01' }, ProfileMessages.dateOfBirthRange],
      [{ nationality: '<script>' }, ProfileMessages.invalidNationality],
      [{ address: 'x'.repeat(301) }, ProfileMessages.addressTooLong],
      [{ email: 'not-an-address' }, ProfileMessages.invalidEmail],
      [{ firstName: 'Mallory', photoFileId: randomUUID() }, ProfileMessages.invalidPhoto],
    ];
    for (const [payload, message] of invalid) {
      expect(await failure(customer.send(IdentityCommands.updateProfile, payload as UpdateProfilePayload))).toMatchObject({ statusCode: 400, message });
    }
    expect(await customer.send(IdentityCommands.getProfile, {})).toMatchObject({ firstName: session.user.firstName, phone: null, dateOfBirth: null, photoFileId: null });
  });

  it('takes as photo only the customer\'s own upload made for a profile photo', async () => {
    const { session } = await confirmedCustomer(harness);
    const { session: other } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const photo = storedFile(session.user.id, PROFILE_PHOTO_PURPOSE);
    const document = storedFile(session.user.id, 'application:id_document');
    const someoneElses = storedFile(other.user.id, PROFILE_PHOTO_PURPOSE);
    for (const fileId of [document.id, someoneElses.id]) {
      expect(await failure(customer.send(IdentityCommands.updateProfile, { photoFileId: fileId }))).toMatchObject({ statusCode: 400, message: ProfileMessages.invalidPhoto });
    }
    expect(await customer.send(IdentityCommands.updateProfile, { photoFileId: photo.id })).toMatchObject({ photoFileId: photo.id });
    expect(await customer.send(IdentityCommands.updateProfile, { photoFileId: null })).toMatchObject({ photoFileId: null });
  });

  it('changes the email only once the link sent to the new address is opened', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.test`;

    const requested = await customer.send(IdentityCommands.updateProfile, { email: ` ${newEmail.toUpperCase()} `, currentPassword: form.password });
    expect(requested).toMatchObject({ email: session.user.email, pendingEmail: newEmail });
    const sent = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === newEmail);
    // The link goes to the new address; the address in use is named, to be told of the request.
    expect(sent.payload).toMatchObject({ userId: session.user.id, currentEmail: session.user.email, confirmationUrl: expect.stringContaining('/auth/confirm-email-change?token=') });
    // Until then the current address still signs in.
    await expect(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password })).resolves.toMatchObject({ user: { email: session.user.email } });

    const token = tokenOf(sent.payload.confirmationUrl);
    expect(await harness.client.send(IdentityCommands.confirmEmailChange, { token })).toEqual({ email: newEmail });
    expect(await customer.send(IdentityCommands.getProfile, {})).toMatchObject({ email: newEmail, pendingEmail: null });
    await expect(harness.client.send(IdentityCommands.signIn, { email: newEmail, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
    expect(await failure(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }))).toMatchObject({ statusCode: 401 });
    const changed = await harness.events.waitFor(IdentityEvents.emailChanged, (payload) => payload.userId === session.user.id);
    expect(changed.payload).toMatchObject({ email: newEmail, previousEmail: session.user.email });
    // Both steps are in the audit log, with both addresses.
    const audit = await harness.database.query(`SELECT action_type, actor_user_id, metadata FROM identity.audit_logs WHERE target_id = $1 AND action_type LIKE 'email_change%' ORDER BY created_at`, [
      session.user.id,
    ]);
    expect(audit.rows).toEqual([
      { action_type: 'email_change_requested', actor_user_id: session.user.id, metadata: expect.objectContaining({ previousEmail: session.user.email, newEmail }) },
      { action_type: 'email_changed', actor_user_id: session.user.id, metadata: expect.objectContaining({ previousEmail: session.user.email, newEmail }) },
    ]);

    // The link works once.
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token }))).toMatchObject({ statusCode: 400, message: ProfileMessages.emailChangeInvalid });
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: 'made-up' }))).toMatchObject({ statusCode: 400, message: ProfileMessages.emailChangeInvalid });
  });

  it('voids the reset links sent to the old address once the new one is confirmed', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    await harness.client.send(IdentityCommands.requestPasswordReset, { email: form.email });
    const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.email === form.email);
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.test`;
    await customer.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password });
    const sent = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === newEmail);
    await harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(sent.payload.confirmationUrl) });

    // The old mailbox no longer speaks for the account.
    expect(await failure(harness.client.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password: 'old-mailbox-choice' }))).toMatchObject({
      statusCode: 400,
      code: 'invalid_reset_link',
    });
    await expect(harness.client.send(IdentityCommands.signIn, { email: newEmail, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('refuses a link sent before the account was suspended, as the other emailed links do, and changes nothing', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.test`;
    await harness.client.as(actorOf(harness, session)).send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password });
    const sent = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === newEmail);
    const { actor } = await signedInAdmin(harness, 'moderator');
    await harness.client.as(actor).send(IdentityCommands.suspendUser, { userId: session.user.id });

    const token = tokenOf(sent.payload.confirmationUrl);
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token }))).toMatchObject({
      statusCode: 403,
      code: AuthErrorCodes.accountSuspended,
      message: AuthMessages.accountSuspended,
    });
    const [row] = (await harness.database.query('SELECT email FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(row).toEqual({ email: session.user.email });
    expect((await harness.database.query(`SELECT 1 FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'email_changed'`, [session.user.id])).rowCount).toBe(0);

    // Active again, the same link still works: the refusal did not use it up.
    await harness.client.as(actor).send(IdentityCommands.activateUser, { userId: session.user.id });
    expect(await harness.client.send(IdentityCommands.confirmEmailChange, { token })).toEqual({ email: newEmail });
  });

  it('refuses an address another account uses, and an expired link; a newer request replaces an older one', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const taken = aCustomer();
    await confirmedCustomer(harness, taken);
    const customer = harness.client.as(actorOf(harness, session));
    const currentPassword = form.password;
    expect(await failure(customer.send(IdentityCommands.updateProfile, { email: taken.email, currentPassword }))).toMatchObject({ statusCode: 409, message: ProfileMessages.emailTaken });

    const first = `first-${randomUUID().slice(0, 8)}@example.test`;
    const second = `second-${randomUUID().slice(0, 8)}@example.test`;
    await customer.send(IdentityCommands.updateProfile, { email: first, currentPassword });
    const firstLink = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === first);
    expect(await customer.send(IdentityCommands.updateProfile, { email: second, currentPassword })).toMatchObject({ pendingEmail: second });
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(firstLink.payload.confirmationUrl) }))).toMatchObject({ statusCode: 400 });

    const secondLink = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === second);
    await harness.database.query(`UPDATE identity.email_change_tokens SET expires_at = now() - interval '1 second' WHERE new_email = $1`, [second]);
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(secondLink.payload.confirmationUrl) }))).toMatchObject({
      statusCode: 400,
      message: ProfileMessages.emailChangeExpired,
    });
    expect(await customer.send(IdentityCommands.getProfile, {})).toMatchObject({ email: session.user.email, pendingEmail: null });
  });

  it('asks for the current password to change the email, and changes nothing without it', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const newEmail = `thief-${randomUUID().slice(0, 8)}@example.test`;
    const pendingEmailRows = () => harness.database.query('SELECT 1 FROM identity.email_change_tokens WHERE user_id = $1', [session.user.id]).then((result) => result.rowCount);

    for (const currentPassword of [undefined, '']) {
      expect(await failure(customer.send(IdentityCommands.updateProfile, { email: newEmail, firstName: 'Mallory', currentPassword }))).toMatchObject({
        statusCode: 400,
        message: 'Current password is required',
        details: [{ field: 'currentPassword', message: 'Current password is required' }],
      });
    }
    expect(await failure(customer.send(IdentityCommands.updateProfile, { email: newEmail, firstName: 'Mallory', currentPassword: 'not-my-password' }))).toMatchObject({
      statusCode: 400,
      message: 'Current password is incorrect',
      details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    // Nothing changed: no link was sent, no other field was saved, the wrong guess is audited.
    expect(await customer.send(IdentityCommands.getProfile, {})).toMatchObject({ email: session.user.email, pendingEmail: null, firstName: form.firstName });
    expect(await pendingEmailRows()).toBe(0);
    const refusedAudit = await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'email_change_failed'`, [session.user.id]);
    expect(refusedAudit.rowCount).toBe(1);

    // The other fields need no password, nor does sending the unchanged address.
    expect(await customer.send(IdentityCommands.updateProfile, { firstName: 'Grace', email: session.user.email.toUpperCase() })).toMatchObject({ firstName: 'Grace', pendingEmail: null });
    expect(await customer.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password })).toMatchObject({ email: session.user.email, pendingEmail: newEmail });
  });

  it('limits wrong passwords for an email change together with the password change, with the sign-in message', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const newEmail = `thief-${randomUUID().slice(0, 8)}@example.test`;
    // The default limit is five wrong passwords in the window, counted across both forms.
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await failure(customer.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: `guess-${attempt}` }))).toMatchObject({ statusCode: 400 });
    }
    for (let attempt = 4; attempt <= 5; attempt++) {
      expect(await failure(customer.send(IdentityCommands.changePassword, { currentPassword: `guess-${attempt}`, newPassword: 'a-brand-new-phrase' }))).toMatchObject({ statusCode: 400 });
    }
    const limited = await failure(customer.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password }));
    expect(limited).toMatchObject({ statusCode: 429, message: 'Too many login attempts. Please try again later.', retryAfterSeconds: expect.any(Number) });
    expect(await customer.send(IdentityCommands.getProfile, {})).toMatchObject({ email: session.user.email, pendingEmail: null });
  });
});
