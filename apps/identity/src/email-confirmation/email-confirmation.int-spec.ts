import 'reflect-metadata';
import { AuthMessages, IdentityCommands, IdentityEvents } from '@portal/contracts';
import { aCustomer, afterReplies, answersWhileLocked, failure, IdentityHarness, queuedEvents, signUp, startIdentity, tokenOf } from '../testing/identity-harness';

describe('email confirmation', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_confirmation');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const confirm = (token: string) => harness.client.send(IdentityCommands.confirmEmail, { token });
  const resend = (payload: object) => harness.client.send(IdentityCommands.resendConfirmation, payload);
  /** Once the links issued after the answers are written. */
  const linksQueuedFor = async (email: string) => {
    await afterReplies(harness);
    return queuedEvents(harness, IdentityEvents.emailConfirmationRequested, 'email', email);
  };
  const linksPublishedFor = (email: string, count: number) =>
    harness.events.waitForCount(IdentityEvents.emailConfirmationRequested, (event) => event.email === email, count);
  const expireLinksOf = (userId: string) => harness.database.query(`UPDATE identity.email_confirmation_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);

  it('confirms the address and signs the person in', async () => {
    const { form, result, confirmationToken } = await signUp(harness);
    const session = await confirm(confirmationToken);

    expect(session).toMatchObject({ refreshToken: expect.any(String), expiresIn: 900, user: { id: result.userId, email: form.email, userType: 'customer', adminRole: null } });
    const claims = harness.verifyAccessToken(session.accessToken);
    expect(claims).toMatchObject({ sub: result.userId, typ: 'customer', role: null, iss: 'portal-identity', aud: 'portal' });
    expect(new Date(claims.exp * 1000).toISOString()).toBe(session.expiresAt);

    const confirmed = await harness.events.waitFor(IdentityEvents.userConfirmed, (event) => event.userId === result.userId);
    expect(confirmed.payload).toEqual({ userId: result.userId, email: form.email });
  });

  it('answers "already confirmed" when the link is used again', async () => {
    const { confirmationToken } = await signUp(harness);
    await confirm(confirmationToken);
    expect(await failure(confirm(confirmationToken))).toMatchObject({ statusCode: 409, code: 'already_confirmed', message: AuthMessages.alreadyConfirmed });
  });

  it('refuses an expired link without confirming', async () => {
    const { result, confirmationToken } = await signUp(harness);
    await expireLinksOf(result.userId);
    expect(await failure(confirm(confirmationToken))).toMatchObject({ statusCode: 400, code: 'confirmation_expired', message: AuthMessages.confirmationExpired });
    const { rows } = await harness.database.query('SELECT email_confirmed_at FROM identity.users WHERE id = $1', [result.userId]);
    expect(rows[0].email_confirmed_at).toBeNull();
  });

  it('refuses a link it never issued', async () => {
    expect(await failure(confirm('bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtbm90LWF0LWFsbA'))).toMatchObject({ statusCode: 400, code: 'confirmation_invalid', message: AuthMessages.confirmationInvalid });
    expect(await failure(confirm(''))).toMatchObject({ statusCode: 400, message: AuthMessages.confirmationInvalid });
  });

  describe('resending by address', () => {
    it('sends a new working link to an unconfirmed account', async () => {
      const { form } = await signUp(harness);
      await expect(resend({ email: form.email.toUpperCase() })).resolves.toEqual({ outcome: 'sent' });
      const links = await linksPublishedFor(form.email, 2);
      await expect(confirm(tokenOf(links[1].payload.confirmationUrl))).resolves.toMatchObject({ user: { email: form.email } });
    });

    it('answers an unconfirmed account without waiting for its new link, as quickly as an unknown address', async () => {
      // Were the link written before the answer, timing it would tell which addresses have accounts.
      const { form } = await signUp(harness);
      expect(await answersWhileLocked(harness, 'identity.email_confirmation_tokens', () => resend({ email: form.email }))).toBe(true);
      await linksPublishedFor(form.email, 2);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const email = aCustomer().email;
      await expect(resend({ email })).resolves.toEqual({ outcome: 'sent' });
      expect(await linksQueuedFor(email)).toHaveLength(0);
    });

    it('answers the same for a confirmed account and sends nothing', async () => {
      const { form, confirmationToken } = await signUp(harness);
      await confirm(confirmationToken);
      await expect(resend({ email: form.email })).resolves.toEqual({ outcome: 'sent' });
      expect(await linksQueuedFor(form.email)).toHaveLength(1);
    });

    it('sends at most five links an hour to one address, silently', async () => {
      const { form } = await signUp(harness);
      for (let attempt = 0; attempt < 7; attempt++) await expect(resend({ email: form.email })).resolves.toEqual({ outcome: 'sent' });
      expect(await linksQueuedFor(form.email)).toHaveLength(1 + 5);
    });

    it('asks for an address when there is neither address nor link', async () => {
      expect(await failure(resend({}))).toMatchObject({ statusCode: 400, message: 'Please enter your email address to resend the confirmation.' });
    });
  });

  describe('resending from a link', () => {
    it('sends a new link when the old one expired', async () => {
      const { form, result, confirmationToken } = await signUp(harness);
      await expireLinksOf(result.userId);
      await expect(resend({ token: confirmationToken })).resolves.toEqual({ outcome: 'sent' });
      const links = await linksPublishedFor(form.email, 2);
      await expect(confirm(tokenOf(links[1].payload.confirmationUrl))).resolves.toMatchObject({ user: { id: result.userId } });
    });

    it('says "already confirmed" once the account is confirmed', async () => {
      const { confirmationToken } = await signUp(harness);
      await confirm(confirmationToken);
      await expect(resend({ token: confirmationToken })).resolves.toEqual({ outcome: 'already_confirmed' });
    });

    it('refuses a link it never issued', async () => {
      expect(await failure(resend({ token: 'unknown-token' }))).toMatchObject({ statusCode: 400, code: 'confirmation_invalid', message: AuthMessages.confirmationInvalid });
    });
  });
});
