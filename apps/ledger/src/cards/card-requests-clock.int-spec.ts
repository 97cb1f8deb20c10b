import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '@portal/config';
import { Actor, CardCommands, CreateCardRequestPayload, LedgerCommands, PHYSICAL_DELIVERY_ESTIMATE_DAYS } from '@portal/contracts';
import { LedgerUnderTest, startLedgerUnderTest } from '../testing/ledger-under-test';
import { approvedDeposit } from '../testing/approvals-and-deposits';

jest.setTimeout(90_000);

const DAY_MS = 86_400_000;
const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };
const physical: CreateCardRequestPayload = { cardType: 'physical', cardName: 'Ada Lovelace', reason: 'Travel spending', deliveryAddress: '12 Analytical Row, London' };
const virtual: CreateCardRequestPayload = { cardType: 'virtual', cardName: 'Ada Online', reason: 'Online purchases' };

/**
 * A stack moved by CLOCK_OFFSET_DAYS dates a card request on the ledger's business clock,
 * as it dates the customer's deposits: the request, its estimated delivery and every
 * status in its timeline, never the database's now().
 */
describe('card requests dated by the ledger’s clock', () => {
  // Years away from the wall clock, so a date taken from the database cannot pass for it.
  const ordered = new Date('2031-03-10T09:00:00.000Z');
  const clock = new ManualClock(ordered);
  let ledger: LedgerUnderTest;

  beforeAll(async () => {
    ledger = await startLedgerUnderTest('ledger_cards_clock', { clock });
  });

  afterAll(async () => {
    await ledger?.stop();
  });

  it('orders a physical card on the business date, estimates its delivery from it, and times the approval by the clock', async () => {
    clock.set(ordered);
    const owner = customer();
    const depositId = await approvedDeposit(ledger.client, owner, admin, '250');
    const deposit = (await ledger.client.as(owner).send(LedgerCommands.listOwnTransactions, {})).items.find((item) => item.id === depositId);

    const created = await ledger.client.as(owner).send(CardCommands.createCardRequest, physical);
    expect(created).toMatchObject({
      status: 'pending',
      requestDate: ordered.toISOString(),
      updatedAt: ordered.toISOString(),
      estimatedDelivery: new Date(ordered.getTime() + PHYSICAL_DELIVERY_ESTIMATE_DAYS * DAY_MS).toISOString(),
      history: [{ status: 'pending', at: ordered.toISOString(), note: null }],
    });
    // The same "today" as the money that made the card possible.
    expect(created.requestDate.slice(0, 10)).toBe(deposit?.createdAt.slice(0, 10));

    clock.advanceDays(1);
    const decidedAt = clock.now().toISOString();
    const approved = await ledger.client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' });
    expect(approved).toMatchObject({ status: 'approved', requestDate: ordered.toISOString(), updatedAt: decidedAt });
    expect(approved.history.map((entry) => [entry.status, entry.at])).toEqual([
      ['pending', ordered.toISOString()],
      ['approved', decidedAt],
    ]);

    // The customer's list shows the same dates.
    const [listed] = (await ledger.client.as(owner).send(CardCommands.listOwnCardRequests, {})).items;
    expect(listed).toMatchObject({ id: created.id, requestDate: ordered.toISOString(), estimatedDelivery: created.estimatedDelivery, updatedAt: decidedAt });
    expect(listed.history.map((entry) => entry.at)).toEqual([ordered.toISOString(), decidedAt]);
  });

  it('times a cancellation by the clock and pages the requests newest first by their business dates', async () => {
    clock.set(ordered);
    const owner = customer();
    await approvedDeposit(ledger.client, owner, admin, '100');
    const first = await ledger.client.as(owner).send(CardCommands.createCardRequest, virtual);
    expect(first).toMatchObject({ requestDate: ordered.toISOString(), estimatedDelivery: null });

    clock.advanceDays(2);
    const later = clock.now().toISOString();
    const cancelled = await ledger.client.as(owner).send(CardCommands.cancelCardRequest, { id: first.id });
    expect(cancelled.history.map((entry) => [entry.status, entry.at])).toEqual([
      ['pending', ordered.toISOString()],
      ['cancelled', later],
    ]);
    const second = await ledger.client.as(owner).send(CardCommands.createCardRequest, { ...virtual, cardName: 'Ada Second' });
    expect(second.requestDate).toBe(later);

    const page = await ledger.client.as(owner).send(CardCommands.listOwnCardRequests, { limit: 1 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);
    const next = await ledger.client.as(owner).send(CardCommands.listOwnCardRequests, { limit: 1, cursor: page.nextCursor as string });
    expect(next.items.map((item) => [item.id, item.requestDate])).toEqual([[first.id, ordered.toISOString()]]);
    expect(next.nextCursor).toBeNull();
  });
});
