import type { ErrorBody } from '@portal/api-client';
import { SessionManager } from '../auth/session-manager';
import { aSession, aUser } from '../test/builders';
import { asRequest, describeCall, reply } from '../test/gateway';
import { ApiError } from './api-error';
import { callGateway, connectIdentityConfirmation, connectSession, getOutsideContract } from './http';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

/** What the gateway received in the n-th request. */
const sent = (n: number) => describeCall(asRequest(...fetchMock.mock.calls[n]));
const bearerOf = (n: number) => asRequest(...fetchMock.mock.calls[n]).headers.get('Authorization');

const errorBody = (statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody => ({
  statusCode,
  error: 'Error',
  message,
  ...extra,
});
const unauthorized = (message = 'expired') => reply(401, errorBody(401, message));

// Calls through the typed client, on paths of the contract.
const me = (signal?: AbortSignal) => callGateway((client, init) => client.GET('/api/v1/me', init), { signal });
const login = () =>
  callGateway(
    (client, init) => client.POST('/api/v1/auth/login', { ...init, body: { email: 'a@b.c', password: 'secret' } }),
    { authenticated: false },
  );

function signedInAs(token: string, refreshSession = jest.fn(async () => false)) {
  let current: string | null = token;
  connectSession({
    getAccessToken: () => current,
    refreshSession: async () => {
      const renewed = await refreshSession();
      if (renewed) current = `${token}-renewed`;
      return renewed;
    },
  });
  return refreshSession;
}

describe('callGateway', () => {
  it('calls the gateway same-origin with JSON, cookies, query parameters and the bearer token', async () => {
    signedInAs('token-1');
    const page = { items: [], nextCursor: null, total: 0 };
    fetchMock.mockImplementation(async () => reply(200, page));

    await expect(
      callGateway((client, init) =>
        client.GET('/api/v1/admin/audit-logs', { ...init, params: { query: { limit: 20, cursor: undefined } } }),
      ),
    ).resolves.toEqual(page);

    const request = asRequest(...fetchMock.mock.calls[0]);
    expect(new URL(request.url).origin).toBe(window.location.origin);
    expect(await sent(0)).toMatchObject({
      method: 'GET',
      path: '/admin/audit-logs',
      query: { limit: '20' },
      credentials: 'include',
      headers: { authorization: 'Bearer token-1', accept: 'application/json' },
    });
  });

  it('sends JSON bodies and no token on public calls', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => reply(202, { accepted: true }));
    await callGateway(
      (client, init) => client.POST('/api/v1/auth/password-reset', { ...init, body: { email: 'a@b.c' } }),
      { authenticated: false },
    );

    const call = await sent(0);
    expect(call).toMatchObject({ method: 'POST', body: { email: 'a@b.c' }, credentials: 'include' });
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers).not.toHaveProperty('authorization');
  });

  it('resolves an empty answer (204) to undefined', async () => {
    fetchMock.mockImplementation(async () => reply(204));
    await expect(
      callGateway((client, init) => client.POST('/api/v1/auth/logout', init), { authenticated: false }),
    ).resolves.toBeUndefined();
  });

  it('turns the error envelope into an ApiError carrying status, message, code and details', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () =>
      reply(
        400,
        errorBody(400, 'First name is required', {
          code: 'validation_failed',
          details: [{ field: 'firstName', message: 'First name is required' }],
        }),
      ),
    );

    const error = await callGateway(
      (client, init) =>
        client.POST('/api/v1/auth/signup', {
          ...init,
          body: { firstName: '', lastName: 'L', email: 'a@b.c', password: 'p', confirmPassword: 'p', userType: 'customer' },
        }),
      { authenticated: false },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'First name is required',
      code: 'validation_failed',
      details: [{ field: 'firstName', message: 'First name is required' }],
      fromServer: true,
    });
  });

  it('writes its own message when no envelope comes back', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => reply(502, '<html>Bad gateway</html>'));
    await expect(me()).rejects.toMatchObject({
      status: 502,
      message: 'The service is temporarily unavailable. Please try again.',
      fromServer: false,
    });
  });

  it('writes its own message for a rate limit without an envelope', async () => {
    fetchMock.mockImplementation(async () => reply(429));
    await expect(login()).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests. Please try again later.',
      fromServer: false,
    });
  });

  it('treats a success that is not JSON (a proxy page) as a bad gateway, not as data', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => new Response('<!doctype html><html></html>', { status: 200 }));
    await expect(me()).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('reports a lost connection as status 0', async () => {
    signedInAs('token-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(me()).rejects.toMatchObject({
      status: 0,
      message: 'Unable to reach the server. Please check your connection and try again.',
      fromServer: false,
    });
  });

  it('on a 401, renews the session once and retries once with the new token', async () => {
    const refresh = signedInAs('token-1', jest.fn(async () => true));
    fetchMock.mockImplementationOnce(async () => unauthorized());
    fetchMock.mockImplementationOnce(async () => reply(200, aUser()));

    await expect(me()).resolves.toEqual(aUser());
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(bearerOf(0)).toBe('Bearer token-1');
    expect(bearerOf(1)).toBe('Bearer token-1-renewed');
  });

  it('does not loop: a second 401 after renewal is the answer', async () => {
    const refresh = signedInAs('token-1', jest.fn(async () => true));
    fetchMock.mockImplementation(async () => unauthorized('Not signed in'));

    await expect(me()).rejects.toMatchObject({ status: 401, message: 'Not signed in' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up when the session cannot be renewed', async () => {
    signedInAs('token-1', jest.fn(async () => false));
    fetchMock.mockImplementation(async () => unauthorized('Not signed in'));
    await expect(me()).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries without renewing again when another call renewed the token meanwhile', async () => {
    let token = 'token-1';
    const refresh = jest.fn(async () => true);
    connectSession({ getAccessToken: () => token, refreshSession: refresh });
    fetchMock.mockImplementationOnce(async () => {
      token = 'token-2'; // a concurrent call's renewal landed while this one was in flight
      return unauthorized();
    });
    fetchMock.mockImplementationOnce(async () => reply(200, aUser()));

    await expect(me()).resolves.toEqual(aUser());
    expect(refresh).not.toHaveBeenCalled();
    expect(bearerOf(1)).toBe('Bearer token-2');
  });

  it('renews once for concurrent calls that all meet an expired token, then retries each (single flight)', async () => {
    const renew = jest.fn(async () => aSession('customer', { accessToken: 'token-2' }));
    const manager = new SessionManager({
      renew,
      revoke: async () => undefined,
      setTimer: () => () => undefined,
      sleep: async () => undefined,
    });
    manager.begin(aSession('customer', { accessToken: 'token-1' }));
    connectSession({ getAccessToken: manager.getAccessToken, refreshSession: manager.renew });
    fetchMock.mockImplementation(async (input, init) =>
      asRequest(input, init).headers.get('Authorization') === 'Bearer token-2' ? reply(200, aUser()) : unauthorized(),
    );

    await expect(Promise.all([me(), me(), me()])).resolves.toEqual([aUser(), aUser(), aUser()]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect([0, 1, 2, 3, 4, 5].map(bearerOf).sort()).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-2',
      'Bearer token-2',
    ]);
  });

  it('never renews for public calls such as sign-in', async () => {
    const refresh = signedInAs('token-1', jest.fn(async () => true));
    fetchMock.mockImplementation(async () => unauthorized('Invalid email or password'));
    await expect(login()).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(refresh).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bearerOf(0)).toBeNull();
  });

  it('rethrows the caller’s abort reason', async () => {
    signedInAs('token-1');
    const controller = new AbortController();
    const reason = new Error('deadline');
    controller.abort(reason);
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(me(controller.signal)).rejects.toBe(reason);
  });
});

describe('getOutsideContract (endpoints not in the OpenAPI document yet)', () => {
  const isCount = (body: unknown): body is { count: number } =>
    typeof (body as { count?: unknown } | null)?.count === 'number';
  const unreadCount = () => getOutsideContract('/api/v1/notifications/unread-count', isCount);

  it('calls same-origin with cookies, JSON and the bearer token, and checks the answer', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => reply(200, { count: 3 }));
    await expect(unreadCount()).resolves.toEqual({ count: 3 });
    expect(await sent(0)).toMatchObject({
      method: 'GET',
      path: '/notifications/unread-count',
      credentials: 'include',
      headers: { authorization: 'Bearer token-1', accept: 'application/json' },
    });
  });

  it('rejects with the 404 while the gateway does not serve the endpoint', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => reply(404, errorBody(404, 'Not found')));
    await expect(unreadCount()).rejects.toMatchObject({ status: 404, fromServer: true });
  });

  it('refuses an answer of another shape', async () => {
    signedInAs('token-1');
    fetchMock.mockImplementation(async () => reply(200, { unread: 3 }));
    await expect(unreadCount()).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('renews on a 401 and retries once, like every call', async () => {
    const refresh = signedInAs('token-1', jest.fn(async () => true));
    fetchMock.mockImplementationOnce(async () => unauthorized());
    fetchMock.mockImplementationOnce(async () => reply(200, { count: 0 }));
    await expect(unreadCount()).resolves.toEqual({ count: 0 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(bearerOf(1)).toBe('Bearer token-1-renewed');
  });
});

describe('an action that needs a recent sign-in', () => {
  const withdrawal = { amount: '250.00', bankName: 'Example Bank', accountNumber: '12345678', accountHolder: 'Ada Lovelace' };
  const withdraw = () => callGateway((client, init) => client.POST('/api/v1/withdrawals', { ...init, body: withdrawal as never }));
  const reauthenticationRequired = () =>
    reply(401, errorBody(401, 'Please confirm it is you to continue.', { code: 'reauthentication_required' }));

  it('asks the person to confirm, then sends the same request again with what they typed', async () => {
    const refresh = signedInAs('token-1', jest.fn(async () => true));
    const confirm = jest.fn(async () => true);
    const disconnect = connectIdentityConfirmation(confirm);
    fetchMock.mockImplementationOnce(async () => reauthenticationRequired());
    fetchMock.mockImplementationOnce(async () => reply(201, { id: 'withdrawal-1' }));

    await expect(withdraw()).resolves.toEqual({ id: 'withdrawal-1' });
    disconnect();
    expect(confirm).toHaveBeenCalledTimes(1);
    // The session was fine: nothing to renew.
    expect(refresh).not.toHaveBeenCalled();
    const [first, second] = [await sent(0), await sent(1)];
    expect(second.body).toEqual(first.body);
    expect(second).toMatchObject({ method: 'POST', path: '/withdrawals', body: withdrawal });
  });

  it('gives up with the message when the person does not confirm, sending nothing more', async () => {
    signedInAs('token-1');
    const disconnect = connectIdentityConfirmation(async () => false);
    fetchMock.mockImplementation(async () => reauthenticationRequired());

    await expect(withdraw()).rejects.toMatchObject({ status: 401, code: 'reauthentication_required', fromServer: true });
    disconnect();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
