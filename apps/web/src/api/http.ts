import { createPortalClient, isErrorBody, type PortalClient } from '@portal/api-client';
import { newTraceparent } from './traceparent';
import { ApiError, serverText } from './api-error';
import { i18n } from '../i18n/i18n';

/**
 * The single place that talks to the gateway: ONE client generated from the gateway's
 * OpenAPI document (`@portal/api-client`), wrapped with what every call needs: the
 * session's bearer token, one renewal and one retry on a 401, and failures as `ApiError`.
 * Endpoint functions name a path of the contract; its body and answer types come from it.
 */

/** How the HTTP layer reaches the signed-in session without depending on React. */
export interface SessionAccess {
  getAccessToken(): string | null;
  /** Renews the access token; resolves true when a new one is in place. Single-flight. */
  refreshSession(): Promise<boolean>;
}

let session: SessionAccess = {
  getAccessToken: () => null,
  refreshSession: async () => false,
};

export function connectSession(access: SessionAccess): void {
  session = access;
}

/**
 * The gateway's answer to an action that needs a recent sign-in proof (a withdrawal, for
 * one) when the session's is older than five minutes: ReauthenticationErrorCodes.required.
 */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** Asks the person to confirm it is them; resolves true once they have, false if they gave up. */
export type IdentityConfirmation = () => Promise<boolean>;

const notConfirmed: IdentityConfirmation = async () => false;
let confirmIdentity: IdentityConfirmation = notConfirmed;

/**
 * Where the app's confirmation dialog (ReauthenticationHost) plugs in. The call that was
 * refused waits while the person confirms and is then sent again as it was: what they
 * typed into the form is never lost. Returns the disconnect.
 */
/** Whether the confirmation dialog is in place (it loads with the signed-in screens). */
export function canConfirmIdentity(): boolean {
  return confirmIdentity !== notConfirmed;
}

export function connectIdentityConfirmation(confirmation: IdentityConfirmation): () => void {
  confirmIdentity = confirmation;
  return () => {
    if (confirmIdentity === confirmation) confirmIdentity = notConfirmed;
  };
}

const client: PortalClient = createPortalClient({
  // Same origin: the page is served behind the gateway (Vite proxies /api in development).
  baseUrl: '',
  getAccessToken: () => session.getAccessToken(),
  // Looked up on every call rather than captured once at start-up.
  fetch: (input, init) => globalThis.fetch(input, init),
});

type Middleware = Parameters<PortalClient['use']>[number];

client.use({
  onRequest({ request }) {
    request.headers.set('traceparent', newTraceparent());
    return request;
  },
});

/**
 * Per-call middleware of the auth endpoints. Per-call middleware runs after the client's
 * own, which has just added the bearer token: the auth endpoints must never carry it.
 */
const withoutBearerToken: Middleware = {
  onRequest({ request }) {
    request.headers.delete('Authorization');
    return request;
  },
};

/**
 * Options every client call receives; spread them into the call's own (`{ ...init, body }`).
 * A type rather than an interface: openapi-fetch wants an object with an index signature.
 */
export type CallInit = {
  headers: Record<string, string>;
  signal?: AbortSignal;
  middleware: Middleware[];
};

/** What a client call resolves to: openapi-fetch's `{ data, error, response }`. */
export interface GatewayAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Send the bearer token and, on a 401, renew the session once and retry. Off for the
   * auth endpoints themselves: they must never trigger a refresh.
   */
  authenticated?: boolean;
}

/**
 * Calls the gateway through the typed client, e.g.
 * `callGateway((client, init) => client.POST('/api/v1/auth/login', { ...init, body }))`.
 * Resolves to the contract's success body; rejects with an `ApiError` (or the caller's
 * abort reason).
 */
export function callGateway<T>(
  call: (client: PortalClient, init: CallInit) => Promise<GatewayAnswer<T>>,
  options: CallOptions = {},
): Promise<T> {
  const authenticated = options.authenticated ?? true;
  return withSession(
    () =>
      call(client, {
        headers: { Accept: 'application/json' },
        signal: options.signal,
        middleware: authenticated ? [] : [withoutBearerToken],
      }),
    authenticated,
    options.signal,
  );
}

/**
 * GET of an endpoint the gateway's OpenAPI document does not list yet, so the generated
 * client has no path or type for it. Same origin, cookies, bearer token, 401 renewal and
 * error handling as every other call; the answer is checked by `isExpected`, never
 * trusted. Replace each use with a `callGateway` call once the endpoint is in the contract.
 */
export function getOutsideContract<T>(
  path: `/api/v1/${string}`,
  isExpected: (body: unknown) => body is T,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const send = async (): Promise<GatewayAnswer<unknown>> => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = session.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await globalThis.fetch(path, { headers, credentials: 'include', signal: options.signal });
    const text = await response.text();
    // As the client does: a success must be JSON (a SyntaxError otherwise), an error may be anything.
    if (response.ok) return { data: text ? JSON.parse(text) : undefined, response };
    return { error: parseIfJson(text), response };
  };
  return withSession(send, true, options.signal).then((body) => {
    if (isExpected(body)) return body;
    throw unexpectedAnswer();
  });
}

async function withSession<T>(
  send: () => Promise<GatewayAnswer<T>>,
  authenticated: boolean,
  signal: AbortSignal | undefined,
): Promise<T> {
  const tokenUsed = authenticated ? session.getAccessToken() : null;
  const answer = await attempt(send, signal);

  if (answer.response.status === 401 && isErrorBody(answer.error) && answer.error.code === REAUTHENTICATION_REQUIRED) {
    // The session is fine but its sign-in is old: once the person confirms, the same call again.
    if (await confirmIdentity()) return settle(await attempt(send, signal));
    return settle(answer);
  }

  if (answer.response.status === 401 && tokenUsed !== null) {
    // The access token expired or was revoked: renew once (unless a concurrent call
    // already did), then retry once.
    const current = session.getAccessToken();
    const renewed = (current !== null && current !== tokenUsed) || (await session.refreshSession());
    if (renewed) return settle(await attempt(send, signal));
  }
  return settle(answer);
}

async function attempt<T>(send: () => Promise<GatewayAnswer<T>>, signal: AbortSignal | undefined) {
  try {
    return await send();
  } catch (error) {
    // A caller's abort (e.g. a time-out) surfaces as the caller's own reason.
    if (signal?.aborted) throw signal.reason ?? error;
    // A success whose body is not JSON (e.g. an HTML page from a proxy) is not the contract's answer.
    if (error instanceof SyntaxError) throw unexpectedAnswer();
    throw new ApiError({
      status: 0,
      message: i18n.t('errors:network_unreachable'),
      fromServer: false,
    });
  }
}

function settle<T>({ data, error, response }: GatewayAnswer<T>): T {
  // Empty successes (204, or no body at all) resolve to undefined, as the client answers them.
  if (response.ok) return data as T;

  if (isErrorBody(error)) {
    throw new ApiError({
      status: response.status,
      message: serverText(error.code, error.message, error.params),
      code: error.code,
      // Each field's message in the app's language too, by its own code.
      details: error.details?.map((detail) => ({ ...detail, message: serverText(detail.code, detail.message, detail.params) })),
      fromServer: true,
    });
  }
  throw new ApiError({ status: response.status, message: fallbackMessage(response.status), fromServer: false });
}

function unexpectedAnswer(): ApiError {
  return new ApiError({ status: 502, message: fallbackMessage(502), fromServer: false });
}

function parseIfJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fallbackMessage(status: number): string {
  if (status === 429) return i18n.t('server:rate_limited');
  if (status >= 500) return i18n.t('errors:service_unavailable');
  return i18n.t('errors:request_failed');
}

/**
 * A multipart upload whose progress the page can show: fetch reports none, so this one
 * call uses XMLHttpRequest, with the same bearer token, one renewal and retry on a 401,
 * and failures as `ApiError` like every other call.
 */
export function uploadWithProgress<T>(path: `/api/v1/${string}`, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  const send = (): Promise<GatewayAnswer<T>> =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', path);
      request.withCredentials = true;
      request.setRequestHeader('Accept', 'application/json');
      const token = session.getAccessToken();
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      };
      request.onerror = () => reject(new TypeError('network'));
      request.onload = () => {
        const response = new Response(null, { status: request.status });
        const body = parseIfJson(request.responseText);
        if (request.status >= 200 && request.status < 300) {
          onProgress(100);
          resolve({ data: body as T, response });
        } else resolve({ error: body, response });
      };
      request.send(form);
    });
  return withSession(send, true, undefined);
}
