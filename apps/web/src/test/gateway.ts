/** A stand-in for the gateway: answers fetch calls by "METHOD /path", 404 for anything else. */
export interface GatewayCall {
  method: string;
  /** The path below /api/v1, without the query. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Header names in lower case, as `Headers` gives them. */
  headers: Record<string, string>;
  credentials: RequestCredentials;
}

type Reply = { status: number; body?: unknown };
type Answer = Reply | (() => Promise<Reply>);

/** The API client hands fetch a Request; other callers may pass a URL and init. */
export function asRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  return input instanceof Request && init === undefined ? input : new Request(input, init);
}

/** A real Response, as the API client reads status, headers and body from it. */
export function reply(status: number, body?: unknown): Response {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: text === null ? {} : { 'Content-Type': 'application/json' } });
}

export async function describeCall(request: Request): Promise<GatewayCall> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    method: request.method,
    path: url.pathname.replace(/^\/api\/v1/, ''),
    query: Object.fromEntries(url.searchParams),
    body: text ? JSON.parse(text) : undefined,
    headers: Object.fromEntries(request.headers),
    credentials: request.credentials,
  };
}

export function fakeGateway(answers: Record<string, Answer> = {}) {
  const calls: GatewayCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await describeCall(asRequest(input, init));
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    const { status, body } =
      typeof answer === 'function'
        ? await answer()
        : (answer ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } });
    return reply(status, body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

export const envelope = (statusCode: number, message: string, code?: string) => ({
  status: statusCode,
  body: { statusCode, error: 'Error', message, ...(code ? { code } : {}) },
});
