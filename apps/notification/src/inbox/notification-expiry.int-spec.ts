import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '@portal/config';
import { Actor, NotificationCommands, UserSummary } from '@portal/contracts';
import { refusalOf } from '@portal/testing';
import { EmailDelivery } from '../email/email-delivery.entity';
import { EMAIL_DELIVERY_RETENTION_DAYS } from '../email/email-delivery-retention';
import { NotificationRetention } from '../retention/notification-retention';
import { FakeIdentityDirectory } from '../testing/fake-identity';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const DAY_MS = 86_400_000;

describe("expiry and retention follow the service's clock, not the database's or the wall clock", () => {
  // 40 days ahead of the wall clock and of the database's now(), as CLOCK_OFFSET_DAYS=40 puts a running stack.
  const clock = new ManualClock(new Date(Date.now() + 40 * DAY_MS));
  const reader: UserSummary = { id: randomUUID(), email: `reader-${randomUUID().slice(0, 8)}@example.test`, firstName: 'Rita', lastName: 'Reader', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'verified' };
  const agent: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() };
  const asReader: Actor = { userId: reader.id, userType: 'customer', adminRole: null, sessionId: randomUUID() };
  let notification: NotificationUnderTest;
  let directory: FakeIdentityDirectory;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_expiry', { clock });
    directory = await new FakeIdentityDirectory(notification.client.connection, [reader]).start();
  });

  afterAll(async () => {
    directory?.stop();
    await notification?.stop();
  });

  const broadcast = (title: string, expiresAt: Date | null) =>
    notification.client.as(agent).send(NotificationCommands.broadcast, { title, message: `${title}, for everyone`, type: 'info', expiresAt: expiresAt?.toISOString() ?? null, audience: { kind: 'all_customers' } });
  const inbox = () => notification.client.as(asReader).send(NotificationCommands.list, {});
  const unread = async () => (await notification.client.as(asReader).send(NotificationCommands.unreadCount, {})).count;

  it('shows a broadcast until its expiry on the clock, then hides it from the inbox and the count and refuses to mark it read', async () => {
    const expiring = await broadcast('Maintenance on Sunday', new Date(clock.now().getTime() + 2 * DAY_MS));
    const lasting = await broadcast('New statements', null);
    expect([expiring.recipientCount, lasting.recipientCount]).toEqual([1, 1]);
    const before = await inbox();
    expect(before.items.map((item) => item.title).sort()).toEqual(['Maintenance on Sunday', 'New statements']);
    expect(await unread()).toBe(2);

    // Read at the clock's time, not the database's.
    const lastingCopy = before.items.find((item) => item.title === 'New statements')!;
    expect(await notification.client.as(asReader).send(NotificationCommands.markRead, { notificationId: lastingCopy.id })).toEqual({ updated: 1 });
    expect((await inbox()).items.find((item) => item.id === lastingCopy.id)?.readAt).toBe(clock.now().toISOString());
    expect(await unread()).toBe(1);

    clock.advanceDays(3);
    const after = await inbox();
    expect(after.items.map((item) => item.title)).toEqual(['New statements']);
    expect(after.total).toBe(1);
    expect(await unread()).toBe(0);
    const expiredCopy = before.items.find((item) => item.title === 'Maintenance on Sunday')!;
    expect(await refusalOf(notification.client.as(asReader).send(NotificationCommands.markRead, { notificationId: expiredCopy.id }))).toMatchObject({ statusCode: 404, code: 'notification_not_found' });
    expect(await notification.client.as(asReader).send(NotificationCommands.markAllRead, {})).toEqual({ updated: 0 });
    // The gateway's live fan-out tells the bell the same count.
    const among = await notification.client.send(NotificationCommands.recipientsAmong, { broadcastId: expiring.broadcastId, userIds: [reader.id] });
    expect(among).toEqual({ userIds: [reader.id], unreadCounts: { [reader.id]: 0 } });
  });

  it("refuses a broadcast whose expiry is before the clock's now, though after the wall clock's, and sends nothing", async () => {
    const totalBefore = (await inbox()).total;
    const expiresAt = new Date(Date.now() + 10 * DAY_MS);
    expect(expiresAt.getTime()).toBeLessThan(clock.now().getTime());
    expect(await refusalOf(broadcast('Too late', expiresAt))).toMatchObject({ statusCode: 400, code: 'expiry_in_past', details: [expect.objectContaining({ field: 'expiresAt' })] });
    expect((await inbox()).total).toBe(totalBefore);
    expect(await unread()).toBe(0);
  });

  it("purges the sent-email log by the clock's date when no time is given, as its hourly run does", async () => {
    const daysBeforeClock = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);
    const delivery = (sentAt: Date) => ({ id: randomUUID(), eventId: randomUUID(), template: 'confirm-email' as const, recipient: `${randomUUID()}@example.test`, subject: 'Confirm your email address', messageId: `<${randomUUID()}@portal.local>`, sentAt });
    // Both are younger than the retention by the wall clock; only the first is older by the service's clock.
    const old = delivery(daysBeforeClock(EMAIL_DELIVERY_RETENTION_DAYS + 1));
    const recent = delivery(daysBeforeClock(EMAIL_DELIVERY_RETENTION_DAYS - 1));
    const repository = notification.dataSource.getRepository(EmailDelivery);
    await repository.insert([old, recent]);

    expect((await notification.service.get(NotificationRetention).purge())['email deliveries']).toBe(1);
    expect(await repository.existsBy({ id: old.id })).toBe(false);
    expect(await repository.existsBy({ id: recent.id })).toBe(true);
  });
});
