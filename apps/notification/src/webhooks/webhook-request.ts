import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedWebhookTarget } from './webhook-address-guard';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer is kept for the delivery log's error: enough to recognise it, never the whole body. */
const EXCERPT_CHARS = 200;

export interface WebhookResponse {
  /** The HTTP status, or null when no answer came (refused, timed out, reset). */
  status: number | null;
  /** Why it failed, with a short excerpt of the answer; null on a 2xx. */
  error: string | null;
}

/**
 * POSTs the body to the checked target, connecting to the address that was checked (the
 * host name still goes in the Host header and TLS name check). Redirects are not followed:
 * a 3xx is an answer like any other non-2xx.
 */
export function postWebhook(target: CheckedWebhookTarget, body: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<WebhookResponse> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'portal-webhooks/1', ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT_CHARS) excerpt += chunk.slice(0, EXCERPT_CHARS - excerpt.length);
        });
        response.on('end', () => settle({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}` }));
        response.on('error', (error) => settle({ status, error: error.message }));
      },
    );
    // One deadline for the whole exchange, not only for idle sockets.
    const deadline = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', (error) => settle({ status: null, error: error.message.slice(0, 500) }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
