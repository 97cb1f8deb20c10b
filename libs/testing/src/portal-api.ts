import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A minimal HTTP client for the gateway, as an external API client would use it. */
export class PortalApi {
  constructor(
    readonly baseUrl: string,
    private readonly accessToken?: string,
  ) {}

  withToken(accessToken: string): PortalApi {
    return new PortalApi(this.baseUrl, accessToken);
  }

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
}

/** A unique, valid address per test so tests never share accounts. */
export function uniqueEmail(label = 'customer'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}
