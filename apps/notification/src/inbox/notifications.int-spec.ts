import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  Actor,
  AdminRole,
  APPLICATIONS_EVENTS_STREAM,
  BROADCAST_AUDIENCE_REQUIRED,
  BROADCAST_EXPIRY_INVALID,
  ApplicationsEvents,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  KYC_EVENTS_STREAM,
  KycEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NOTIFICATION_EVENTS_STREAM,
  NotificationCommands,
  NotificationEvents,
  StreamDefinition,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
  UserSummary,
} from '@portal/contracts';
import { eventEnvelope, StreamRecorder, refusalOf as failure } from '@portal/testing';
import { emailJobId } from '../email/email-job';
import { FakeIdentityDirectory } from '../testing/fake-identity';
import { transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const customer = (userId: string = randomUUID()): Actor => ({ userId, userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole = 'support'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

function person(overrides: Partial<UserSummary> = {}): UserSummary {
  return { id: randomUUID(), email: `p-${randomUUID().slice(0, 8)}@example.test`, firstName: 'Pat', lastName: 'Doe', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'pending', ...overrides };
}

describe('in-app notifications and the emails events ask for', () => {
  let notification: NotificationUnderTest;
  let directory: FakeIdentityDirectory;
  let announced: StreamRecorder;
  const people = [
    person({ userStatus: 'active', kycStatus: 'verified' }),
    person({ userStatus: 'active', kycStatus: 'pending' }),
    person({ userStatus: 'suspended', kycStatus: 'verified' }),
    person({ userType: 'admin', adminRole: 'admin', kycStatus: 'verified' }),
  ];

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_inbox');
    directory = await new FakeIdentityDirectory(notification.client.connection, people, 2).start();
  });

  afterAll(async () => {
    directory?.stop();
    await announced?.close();
    await notification?.stop();
  });

  async function registered(userId: string, email: string, firstName = 'Ada') {
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userRegistered, { userId, email, firstName, lastName: 'Lovelace', userType: 'customer' }));
  }

  const listOf = (userId: string) => notification.client.as(customer(userId)).send(NotificationCommands.list, {});
  const unread = async (userId: string) => (await notification.client.as(customer(userId)).send(NotificationCommands.unreadCount, {})).count;

  it('makes exactly one notification per event, even when each is delivered twice', async () => {
    const userId = randomUUID();
    const occurredAt = new Date().toISOString();
    const deliveries: [StreamDefinition, EventEnvelope][] = [
      [APPLICATIONS_EVENTS_STREAM, eventEnvelope(ApplicationsEvents.reviewed, { applicationId: randomUUID(), userId, applicationType: 'personal', status: 'approved', note: null, reviewedBy: randomUUID(), submittedAt: occurredAt, version: 2 })],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.depositRejected, transactionEvent(userId, { status: 'failed', reason: 'Funds not received' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.withdrawalCompleted, transactionEvent(userId, { type: 'withdrawal', reference: 'WTH-1' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.withdrawalRejected, transactionEvent(userId, { type: 'withdrawal', status: 'failed', reference: 'WTH-2' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.investmentPaid, transactionEvent(userId, { type: 'investment', reference: 'INV-BANK-1' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.investmentRejected, transactionEvent(userId, { type: 'investment', status: 'failed', reference: 'INV-CRYPTO-2', reason: 'No funds received' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.securityDepositCreated, { securityDepositId: randomUUID(), userId, amount: '2800000.00', currency: 'USD', locked: true, lockReason: null, occurredAt })],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.securityDepositUnlocked, { securityDepositId: randomUUID(), userId, amount: '100.00', currency: 'USD', locked: false, lockReason: 'Emergency unlock approved', occurredAt })],
      [KYC_EVENTS_STREAM, eventEnvelope(KycEvents.documentReviewed, { documentId: randomUUID(), userId, documentType: 'id', decision: 'rejected', notes: 'Blurred photo' })],
      [SUPPORT_EVENTS_STREAM, eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'Where is my deposit?', status: 'resolved', answeredBy: 'admin', occurredAt })],
    ];
    for (const [stream, event] of deliveries) await notification.deliverTwice(stream, event);

    const page = await listOf(userId);
    expect(page.total).toBe(deliveries.length);
    expect(page.items.map((item) => item.title).sort()).toEqual(
      [
        'Application approved',
        'Deposit completed',
        'Deposit rejected',
        'Withdrawal completed',
        'Withdrawal rejected',
        'Investment payment received',
        'Investment payment rejected',
        'Security deposit created',
        'Security deposit unlocked',
        'Document rejected',
        'Support ticket answered',
      ].sort(),
    );
    expect(page.items.find((item) => item.title === 'Deposit completed')).toMatchObject({ type: 'success', category: 'transaction', message: expect.stringContaining('1,500.00 USD'), readAt: null });
    expect(page.items.find((item) => item.title === 'Document rejected')?.message).toContain('Blurred photo');
    // Each also keeps its text's code and raw values, so the reader's app says it in the page's language (issue 30).
    const deposit = deliveries[1][1].payload as { amount: string; currency: string; reference: string };
    expect(page.items.find((item) => item.title === 'Deposit completed')).toMatchObject({ textKey: 'depositCompleted', textParams: { amount: '1500.00', currency: 'USD', reference: deposit.reference } });
    expect(page.items.find((item) => item.title === 'Deposit rejected')).toMatchObject({ textKey: 'depositRejected', textParams: { amount: '1500.00', currency: 'USD', reason: 'Funds not received' } });
    expect(page.items.find((item) => item.title === 'Document rejected')).toMatchObject({ textKey: 'documentRejected', textParams: { documentType: 'id', reason: 'Blurred photo' } });
    expect(page.items.find((item) => item.title === 'Security deposit created')).toMatchObject({ textKey: 'securityDepositCreated', textParams: { amount: '2800000.00', currency: 'USD' } });
    expect(page.items.find((item) => item.title === 'Application approved')).toMatchObject({ textKey: 'applicationApproved', textParams: { applicationType: 'personal' } });
    expect(page.items.find((item) => item.title === 'Support ticket answered')).toMatchObject({ textKey: 'ticketAnswered', textParams: { subject: 'Where is my deposit?' } });
    expect(page.items.every((item) => typeof item.textKey === 'string' && item.textParams !== null)).toBe(true);
    expect(await unread(userId)).toBe(deliveries.length);

    // Each is announced once for the gateway's live updates.
    announced = await StreamRecorder.open(notification.client.connection, NOTIFICATION_EVENTS_STREAM);
    const created = await announced.waitForCount(NotificationEvents.notificationCreated, (payload) => payload.userId === userId, deliveries.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced.all(NotificationEvents.notificationCreated, (payload) => payload.userId === userId)).toHaveLength(created.length);
  });

  it('makes no notification for what does not concern the customer', async () => {
    const userId = randomUUID();
    const occurredAt = new Date().toISOString();
    await notification.deliverTwice(SUPPORT_EVENTS_STREAM, eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'Mine', status: 'open', answeredBy: 'customer', occurredAt }));
    await notification.deliverTwice(SUPPORT_EVENTS_STREAM, eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'Moved', status: 'in_progress', answeredBy: null, occurredAt }));
    // Paid from the balance: confirmed on screen as the customer made it.
    await notification.deliverTwice(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.investmentPaid, transactionEvent(userId, { type: 'investment', reference: 'INV-BAL-3' })));
    expect(await unread(userId)).toBe(0);
  });

  it('queues each email once with HTML and text, and the GIPP confirmation once per application', async () => {
    const userId = randomUUID();
    const address = `mail-${randomUUID().slice(0, 8)}@example.test`;
    await registered(userId, address, 'Grace');
    const occurredAt = new Date().toISOString();
    const withdrawal = eventEnvelope(LedgerEvents.withdrawalRequested, transactionEvent(userId, { type: 'withdrawal', status: 'pending', reference: 'WTH-77', amount: '250.00' }));
    const deposit = eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId, { reference: 'DEP-88' }));
    const approved = eventEnvelope(ApplicationsEvents.reviewed, { applicationId: randomUUID(), userId, applicationType: 'corporate', status: 'approved', note: null, reviewedBy: randomUUID(), submittedAt: occurredAt, version: 2 });
    const rejected = eventEnvelope(LedgerEvents.withdrawalRejected, transactionEvent(userId, { type: 'withdrawal', status: 'failed', reference: 'WTH-78', amount: '300.00', reason: 'The account name does not match' }));
    const answered = eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'Card <order>', status: 'resolved', answeredBy: 'admin', occurredAt });
    for (const [stream, event] of [
      [LEDGER_EVENTS_STREAM, withdrawal],
      [LEDGER_EVENTS_STREAM, deposit],
      [APPLICATIONS_EVENTS_STREAM, approved],
      [LEDGER_EVENTS_STREAM, rejected],
      [SUPPORT_EVENTS_STREAM, answered],
    ] as [StreamDefinition, EventEnvelope][]) {
      await notification.deliverTwice(stream, event);
    }
    const applicationId = randomUUID();
    const gippAddress = `gipp-${randomUUID().slice(0, 8)}@example.test`;
    const submitted = () =>
      eventEnvelope(ApplicationsEvents.submitted, { applicationId, userId, applicationType: 'gipp', fullName: 'Grace Hopper', email: gippAddress, investmentAmount: '5000000.00', submittedAt: occurredAt });
    await notification.deliverTwice(APPLICATIONS_EVENTS_STREAM, submitted());
    await notification.deliverTwice(APPLICATIONS_EVENTS_STREAM, submitted()); // another event for the same application

    const deadline = Date.now() + 15_000;
    while ((await notification.mail.emailsTo(address)).length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const emails = await notification.mail.emailsTo(address);
    expect(emails.map((email) => email.subject).sort()).toEqual(
      ['We received your withdrawal request', 'Your deposit has been credited', 'Your investment application was approved', 'Your withdrawal was rejected', 'Your support ticket has been answered'].sort(),
    );
    // Issue 30: the rejection says why.
    expect(emails.find((email) => email.subject === 'Your withdrawal was rejected')?.text).toContain('Reason given by our team: The account name does not match');
    const withdrawalEmail = emails.find((email) => email.subject === 'We received your withdrawal request');
    expect(withdrawalEmail?.text).toContain('250.00 USD');
    expect(withdrawalEmail?.html).toContain('Hello Grace,');
    expect(emails.find((email) => email.subject === 'Your support ticket has been answered')?.html).toContain('Card &lt;order&gt;');

    const gipp = await notification.mail.lastEmailTo(gippAddress);
    expect(gipp.subject).toBe('We received your GIPP application');
    expect(gipp.text).toContain('http://localhost:3000/auth/login');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await notification.mail.emailsTo(gippAddress)).toHaveLength(1);
    expect(await notification.mail.emailsTo(address)).toHaveLength(5);
    expect(await (await notification.emailQueue.getJob(emailJobId(withdrawal.id, 'withdrawal-requested')))?.getState()).toBe('completed');
  });

  it('tells the customer about a document request and the KYC decision, in the bell and by email, once each', async () => {
    const userId = randomUUID();
    const address = `kyc-${randomUUID().slice(0, 8)}@example.test`;
    await registered(userId, address, 'Katherine');
    const opened = eventEnvelope(KycEvents.statusChanged, { userId, kycStatus: 'pending', version: 1 });
    const requested = eventEnvelope(KycEvents.documentRequested, { requestId: randomUUID(), userId, message: 'Please upload a recent utility bill.', requestedBy: randomUUID() });
    const rejected = eventEnvelope(KycEvents.statusChanged, { userId, kycStatus: 'rejected', version: 2, reason: 'The ID has expired' });
    const verified = eventEnvelope(KycEvents.statusChanged, { userId, kycStatus: 'verified', version: 3 });
    for (const event of [opened, requested, rejected, verified]) await notification.deliverTwice(KYC_EVENTS_STREAM, event);

    const page = await listOf(userId);
    expect(page.items.map((item) => [item.title, item.type]).sort()).toEqual(
      [
        ['Account verified', 'success'],
        ['Documents requested', 'warning'],
        ['Verification not approved', 'error'],
      ].sort(),
    );
    expect(page.items.find((item) => item.title === 'Documents requested')?.message).toBe('Please upload a recent utility bill.');
    expect(page.items.find((item) => item.title === 'Verification not approved')?.message).toContain('The ID has expired');

    const deadline = Date.now() + 15_000;
    while ((await notification.mail.emailsTo(address)).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const emails = await notification.mail.emailsTo(address);
    expect(emails.map((email) => email.subject).sort()).toEqual(['We need documents from you', 'Your account is verified', 'Your identity verification was not approved'].sort());
    expect(emails.find((email) => email.subject === 'We need documents from you')?.text).toContain('Please upload a recent utility bill.');
    expect(emails.find((email) => email.subject === 'Your identity verification was not approved')?.text).toContain('The ID has expired');
  });

  it('marks one or all as read, hides expired ones, and keeps each user to their own', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    for (let index = 0; index < 3; index++) await notification.deliverTwice(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId)));
    const [first, second] = (await listOf(userId)).items;

    expect(await failure(notification.client.as(customer(other)).send(NotificationCommands.markRead, { notificationId: first.id }))).toMatchObject({ statusCode: 404 });
    expect(await notification.client.as(customer(userId)).send(NotificationCommands.markRead, { notificationId: first.id })).toEqual({ updated: 1 });
    expect(await notification.client.as(customer(userId)).send(NotificationCommands.markRead, { notificationId: first.id })).toEqual({ updated: 0 });
    expect(await unread(userId)).toBe(2);

    await notification.dataSource.query(`UPDATE notification.notifications SET expires_at = now() - interval '1 second' WHERE id = $1`, [second.id]);
    expect(await unread(userId)).toBe(1);
    expect((await listOf(userId)).items.map((item) => item.id)).not.toContain(second.id);
    expect(await failure(notification.client.as(customer(userId)).send(NotificationCommands.markRead, { notificationId: second.id }))).toMatchObject({ statusCode: 404 });

    expect(await notification.client.as(customer(userId)).send(NotificationCommands.markAllRead, {})).toEqual({ updated: 1 });
    expect(await unread(userId)).toBe(0);
    expect(await failure(notification.client.send(NotificationCommands.unreadCount, {}))).toMatchObject({ statusCode: 401 });
  });

  it('broadcasts to a filtered audience in one go, announces it once, and tells who got it', async () => {
    const agent = admin('support');
    const [verifiedActive, pendingActive, verifiedSuspended, anAdmin] = people;
    const before = directory.requests.length;
    const result = await notification.client.as(agent).send(NotificationCommands.broadcast, {
      title: 'Scheduled Maintenance',
      message: 'The platform will be unavailable on Sunday from 02:00 to 04:00 UTC.',
      type: 'warning',
      expiresAt: null,
      audience: { kind: 'filtered', kycStatus: 'verified' },
    });
    expect(result).toMatchObject({ recipientCount: 2, message: 'Notification broadcast to 2 users' });
    // Identity was asked for customers with that KYC status, as this admin, page by page.
    const asked = directory.requests.slice(before);
    expect(asked[0].payload).toEqual({ userType: 'customer', kycStatus: 'verified' });
    expect(asked[0].meta.actor).toMatchObject({ userId: agent.userId, userType: 'admin' });

    for (const recipient of [verifiedActive, verifiedSuspended]) {
      // An admin's own words: kept as written, with no code to translate.
      expect((await listOf(recipient.id)).items).toEqual([expect.objectContaining({ title: 'Scheduled Maintenance', type: 'warning', category: 'broadcast', textKey: null, textParams: null })]);
    }
    for (const outsider of [pendingActive, anAdmin]) expect(await unread(outsider.id)).toBe(0);

    announced ??= await StreamRecorder.open(notification.client.connection, NOTIFICATION_EVENTS_STREAM);
    const sent = await announced.waitFor(NotificationEvents.broadcastSent, (payload) => payload.broadcastId === result.broadcastId);
    expect(sent.payload).toMatchObject({ recipientCount: 2, sentBy: agent.userId });
    const among = await notification.client.send(NotificationCommands.recipientsAmong, { broadcastId: result.broadcastId, userIds: [verifiedActive.id, pendingActive.id, randomUUID()] });
    expect(among).toEqual({ userIds: [verifiedActive.id], unreadCounts: { [verifiedActive.id]: 1 } });

    const stats = await notification.client.as(agent).send(NotificationCommands.recipientStats, {});
    expect(stats.audience).toEqual({ totalCustomers: 3, activeCustomers: 2, suspendedCustomers: 1, kycVerified: 2, kycPending: 1, kycRejected: 0 });
    expect(stats.recentBroadcasts[0]).toMatchObject({ id: result.broadcastId, recipientCount: 2, readCount: 0, audience: { kind: 'filtered', kycStatus: 'verified' } });
  });

  it('sends to all customers or one user, and refuses an empty audience, bad input and other roles', async () => {
    const agent = admin('super_admin');
    const all = await notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Welcome', message: 'Hello everyone', type: 'success', audience: { kind: 'all_customers' } });
    expect(all.recipientCount).toBe(3);
    const one = await notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Just you', message: 'Hi', type: 'info', audience: { kind: 'user', userId: people[3].id } });
    expect(one.message).toBe('Notification broadcast to 1 users');
    expect(await unread(people[3].id)).toBe(1);

    expect(await failure(notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Nobody', message: 'x', type: 'info', audience: { kind: 'filtered', kycStatus: 'rejected' } }))).toMatchObject({
      statusCode: 400,
      message: 'No users found to send notification to',
    });
    expect(await failure(notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Ghost', message: 'x', type: 'info', audience: { kind: 'user', userId: randomUUID() } }))).toMatchObject({
      statusCode: 400,
      message: 'No users found to send notification to',
    });
    expect(await failure(notification.client.as(agent).send(NotificationCommands.broadcast, { title: '  ', message: 'x', type: 'info', audience: { kind: 'all_customers' } }))).toMatchObject({ statusCode: 400 });
    expect(
      await failure(notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Late', message: 'x', type: 'info', expiresAt: new Date(Date.now() - 60_000).toISOString(), audience: { kind: 'all_customers' } })),
    ).toMatchObject({ statusCode: 400, message: 'The expiry must be in the future.' });
    for (const refused of [admin('moderator'), customer()]) {
      expect(await failure(notification.client.as(refused).send(NotificationCommands.broadcast, { title: 'No', message: 'x', type: 'info', audience: { kind: 'all_customers' } }))).toMatchObject({ statusCode: 403 });
      expect(await failure(notification.client.as(refused).send(NotificationCommands.listFailedEmails, {}))).toMatchObject({ statusCode: 403 });
    }
    expect(await notification.client.as(agent).send(NotificationCommands.listFailedEmails, {})).toEqual({ items: [], total: 0 });
    const found = await notification.client.as(agent).send(NotificationCommands.findRecipients, { q: people[1].email.slice(0, 10).toUpperCase() });
    expect(found.items).toEqual([{ id: people[1].id, email: people[1].email, firstName: 'Pat', lastName: 'Doe', userType: 'customer' }]);
  });

  it('refuses a broadcast without an audience, or with an expiry that is not a real date, with 400, and sends nothing', async () => {
    const agent = admin('super_admin');
    const sentSoFar = async () => ((await notification.dataSource.query('SELECT count(*)::int AS count FROM notification.broadcasts')) as { count: number }[])[0].count;
    const before = await sentSoFar();
    const unreadBefore = await unread(people[0].id);
    const body = { title: 'Maintenance', message: 'Down tonight', type: 'warning' };
    const refusals: [Record<string, unknown>, string, string][] = [
      [body, 'audience', BROADCAST_AUDIENCE_REQUIRED],
      [{ ...body, audience: null }, 'audience', BROADCAST_AUDIENCE_REQUIRED],
      [{ ...body, audience: 'all_customers' }, 'audience', BROADCAST_AUDIENCE_REQUIRED],
      ...['2030-W05-3', '2030-060', '2030-02-31', '2030-02-01T25:00:00Z'].map((expiresAt): [Record<string, unknown>, string, string] => [
        { ...body, expiresAt, audience: { kind: 'all_customers' } },
        'expiresAt',
        BROADCAST_EXPIRY_INVALID,
      ]),
    ];
    for (const [payload, field, message] of refusals) {
      expect({ payload, refusal: await failure(notification.client.as(agent).send(NotificationCommands.broadcast, payload as never)) }).toMatchObject({
        payload,
        refusal: { statusCode: 400, message, details: [{ field, message }] },
      });
    }
    expect(await sentSoFar()).toBe(before);
    expect(await unread(people[0].id)).toBe(unreadBefore);
  });

  it('loses nothing and sends nothing twice when the service is stopped while events are published', async () => {
    const userId = randomUUID();
    const address = `restart-${randomUUID().slice(0, 8)}@example.test`;
    await registered(userId, address, 'Mary');
    const last = await notification.whileStopped(async () => {
      const deposits = Array.from({ length: 5 }, (_, index) => eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId, { reference: `DEP-R${index}` })));
      for (const event of deposits) await notification.events.publish(LEDGER_EVENTS_STREAM, event);
      // One of them comes twice, as after a publisher's retry.
      return notification.events.publish(LEDGER_EVENTS_STREAM, deposits[2], `${deposits[2].id}-retried`);
    });
    await notification.events.waitUntilHandled(LEDGER_EVENTS_STREAM, 'notification', last, 20_000);
    expect((await listOf(userId)).items.map((item) => item.message.match(/DEP-R\d/)?.[0]).sort()).toEqual(['DEP-R0', 'DEP-R1', 'DEP-R2', 'DEP-R3', 'DEP-R4']);
    const deadline = Date.now() + 15_000;
    while ((await notification.mail.emailsTo(address)).length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await notification.mail.emailsTo(address)).toHaveLength(5);
  });
});
