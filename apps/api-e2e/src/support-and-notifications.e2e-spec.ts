import { BROADCAST_AUDIENCE_REQUIRED, BROADCAST_EXPIRY_INVALID } from '@portal/contracts';
import { SignedInAccount, TestStack } from '@portal/testing';
import { adminOn, customerOn, useTestStack } from './journeys';

interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The browser's event stream as a script sees it: a ticket from the API, then server-sent events. */
async function openLiveUpdates(stack: TestStack, account: SignedInAccount): Promise<{ events: LiveEvent[]; close: () => void }> {
  const ticket = await account.api.post<{ ticket: string }>('/api/v1/events/tickets');
  expect(ticket.status).toBe(201);
  const controller = new AbortController();
  const response = await fetch(`${stack.baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket.body.ticket)}`, { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: LiveEvent[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  await until(() => events.some((received) => received.event === 'ready'));
  return { events, close: () => controller.abort() };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('support tickets, notifications and live updates over HTTP', () => {
  let stack: TestStack;
  const closers: (() => void)[] = [];

  // Broadcasts have their own small limit per address; this file sends more than it allows in a minute, all from one address.
  useTestStack('api-support', (started) => (stack = started), { env: { RATE_LIMIT_BROADCASTS_PER_MINUTE: '100' }, beforeStop: () => closers.forEach((close) => close()) });

  const unread = async (account: SignedInAccount) => (await account.api.get<{ count: number }>('/api/v1/notifications/unread-count')).body.count;

  it('a customer opens a ticket, an admin answers it, and the customer sees the answer live, on the bell and by email', async () => {
    const customer = await customerOn(stack, { firstName: 'Katherine' });
    const stranger = await customerOn(stack);
    const agent = await adminOn(stack, 'support');
    // A moderator's role has no tickets permission: its screen hears nothing of them.
    const moderator = await adminOn(stack, 'moderator');
    const customerLive = await openLiveUpdates(stack, customer);
    const agentLive = await openLiveUpdates(stack, agent);
    const moderatorLive = await openLiveUpdates(stack, moderator);
    closers.push(customerLive.close, agentLive.close, moderatorLive.close);

    const refused = await customer.api.post('/api/v1/support/tickets', { subject: 'Deposit', category: 'Payments', priority: 'high', message: '  ' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Validation Error: Please fill in all required fields.');

    const opened = await customer.api.post<{ id: string; status: string }>('/api/v1/support/tickets', {
      subject: 'Deposit not credited',
      category: 'Payments',
      priority: 'high',
      message: 'I transferred 1,500 USD three days ago.',
    });
    expect(opened.status).toBe(201);
    expect(opened.body.status).toBe('open');
    const ticketId = opened.body.id;
    expect((await stranger.api.get(`/api/v1/support/tickets/${ticketId}`)).status).toBe(404);
    expect((await customer.api.get('/api/v1/support/tickets/summary')).body).toEqual({ openCount: 1 });

    // The admin's open screen learns of the new ticket without asking.
    await until(() => agentLive.events.some((received) => received.event === 'ticket' && received.data.ticketId === ticketId && received.data.created === true));
    expect(moderatorLive.events.filter((received) => received.event === 'ticket')).toEqual([]);
    const all = await agent.api.get<{ items: { id: string; userEmail: string | null }[] }>('/api/v1/admin/support/tickets');
    expect(all.body.items.find((item) => item.id === ticketId)).toMatchObject({ userEmail: customer.email });

    const answered = await agent.api.request<{ status: string; messages: { authorRole: string; body: string }[] }>('PATCH', `/api/v1/admin/support/tickets/${ticketId}`, {
      adminResponse: 'Found it: it is credited now.',
    });
    expect(answered.status).toBe(200);
    expect(answered.body.status).toBe('resolved');

    await until(() => customerLive.events.some((received) => received.event === 'notification' && received.data.category === 'support'));
    expect(customerLive.events.some((received) => received.event === 'ticket' && received.data.ticketId === ticketId && received.data.answeredBy === 'admin')).toBe(true);
    expect(await unread(customer)).toBe(1);
    const mine = await customer.api.get<{ messages: { authorRole: string; body: string }[]; adminResponse: string }>(`/api/v1/support/tickets/${ticketId}`);
    expect(mine.body.messages.map((message) => message.authorRole)).toEqual(['customer', 'admin']);
    expect(mine.body.adminResponse).toBe('Found it: it is credited now.');
    const email = await stack.inbox.lastEmailTo(customer.email, { subject: /support ticket has been answered/ });
    expect(email.html).toContain('Deposit not credited');

    // The customer replies; the conversation goes on.
    const reply = await customer.api.post<{ status: string }>(`/api/v1/support/tickets/${ticketId}/messages`, { message: 'Thank you!' });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('open');

    const list = await customer.api.get<{ items: { id: string; title: string; readAt: string | null; textKey: string | null; textParams: Record<string, string> | null }[] }>('/api/v1/notifications');
    const [notification] = list.body.items;
    expect(notification.title).toBe('Support ticket answered');
    // Also as a code and the subject as written, for the web app to say in the reader's language (issue 30).
    expect(notification).toMatchObject({ textKey: 'ticketAnswered', textParams: { subject: 'Deposit not credited' } });
    expect((await stranger.api.post(`/api/v1/notifications/${notification.id}/read`)).status).toBe(404);
    expect((await customer.api.post(`/api/v1/notifications/${notification.id}/read`)).body).toEqual({ updated: 1 });
    expect(await unread(customer)).toBe(0);
  });

  it('an admin broadcasts a maintenance warning to all customers and every bell rises by one', async () => {
    const customers = [await customerOn(stack), await customerOn(stack)];
    const live = await openLiveUpdates(stack, customers[0]);
    closers.push(live.close);
    const before = await Promise.all(customers.map(unread));
    const admin = await adminOn(stack);

    const sent = await admin.api.post<{ recipientCount: number; message: string }>('/api/v1/admin/notifications/broadcast', {
      title: 'Scheduled Maintenance',
      message: 'The platform will undergo scheduled maintenance.',
      type: 'warning',
      expiresAt: null,
      audience: { kind: 'all_customers' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`Notification broadcast to ${sent.body.recipientCount} users`);
    expect(sent.body.recipientCount).toBeGreaterThanOrEqual(2);
    expect(await Promise.all(customers.map(unread))).toEqual(before.map((count) => count + 1));
    await until(() => live.events.some((received) => received.event === 'notification' && received.data.category === 'broadcast'));
    // The admin's own words, with no code: every reader sees them as written.
    const received = await customers[0].api.get<{ items: { title: string; textKey: string | null; textParams: Record<string, string> | null }[] }>('/api/v1/notifications');
    expect(received.body.items.find((item) => item.title === 'Scheduled Maintenance')).toMatchObject({ textKey: null, textParams: null });

    const nobody = await admin.api.post('/api/v1/admin/notifications/broadcast', { title: 'x', message: 'y', type: 'info', audience: { kind: 'filtered', kycStatus: 'rejected' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe('No users found to send notification to');

    // Without an audience, or with an expiry that is no real date: 400, and nobody gets anything.
    const unreadNow = await Promise.all(customers.map(unread));
    const noAudience = await admin.api.post<{ message: string; details: { field: string }[] }>('/api/v1/admin/notifications/broadcast', { title: 'x', message: 'y', type: 'info' });
    expect(noAudience.status).toBe(400);
    expect(noAudience.body.message).toBe(BROADCAST_AUDIENCE_REQUIRED);
    expect(noAudience.body.details).toEqual([expect.objectContaining({ field: 'audience' })]);
    for (const expiresAt of ['2030-W05-3', '2030-060', '2030-02-31']) {
      const badExpiry = await admin.api.post<{ message: string }>('/api/v1/admin/notifications/broadcast', { title: 'x', message: 'y', type: 'info', expiresAt, audience: { kind: 'all_customers' } });
      expect({ expiresAt, status: badExpiry.status, message: badExpiry.body.message }).toEqual({ expiresAt, status: 400, message: BROADCAST_EXPIRY_INVALID });
    }
    expect(await Promise.all(customers.map(unread))).toEqual(unreadNow);

    const moderator = await adminOn(stack, 'moderator');
    expect((await moderator.api.post('/api/v1/admin/notifications/broadcast', { title: 'x', message: 'y', type: 'info', audience: { kind: 'all_customers' } })).status).toBe(403);
    expect((await moderator.api.get('/api/v1/admin/support/tickets')).status).toBe(403);
    expect((await customers[0].api.post('/api/v1/admin/notifications/broadcast', { title: 'x', message: 'y', type: 'info', audience: { kind: 'all_customers' } })).status).toBe(403);

    const stats = await admin.api.get<{ audience: { totalCustomers: number }; recentBroadcasts: { title: string; recipientCount: number }[] }>('/api/v1/admin/notifications/stats');
    expect(stats.body.recentBroadcasts[0]).toMatchObject({ title: 'Scheduled Maintenance', recipientCount: sent.body.recipientCount });
    expect((await customers[1].api.post('/api/v1/notifications/read-all')).body).toEqual({ updated: before[1] + 1 });
  });
});
