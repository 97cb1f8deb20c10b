import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { userMessage, WebhookErrorCodes } from '@portal/contracts';

/**
 * What an operator allowed although internal (WEBHOOK_ALLOWED_HOSTS): host entries match
 * the URL's host exactly (a name or an IP literal, case-insensitive); CIDR entries (with a
 * slash) match the addresses a host resolves to. So allowing 127.0.0.1 does not allow
 * every name that happens to resolve to it.
 */
export interface WebhookAllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export function parseAllowList(value: string): WebhookAllowList {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return {
    hosts: new Set(entries.filter((entry) => !entry.includes('/')).map(bare)),
    ranges: entries.filter((entry) => entry.includes('/')).map((entry) => ipaddr.parseCIDR(entry)),
  };
}

/** Why a URL is refused: the API's code and the values of its message (400); the English text is the message, for the delivery log. */
export class WebhookTargetRefused extends Error {
  constructor(
    readonly code: (typeof WebhookErrorCodes)['invalidUrl' | 'unresolvableHost' | 'forbiddenAddress'],
    readonly params: Record<string, string> = {},
  ) {
    super(userMessage(code, params));
  }
}

/** A URL that passed, and the address it was checked at: the request connects there, not to a fresh lookup. */
export interface CheckedWebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/** Only public unicast: loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, reserved… all refused. */
function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.range() === 'unicast';
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: WebhookAllowList['ranges']): boolean {
  return ranges.some((range) => address.kind() === range[0].kind() && address.match(range));
}

/**
 * Checks a webhook URL: https (http too outside production), no credentials, and a host
 * that is and resolves only to public addresses unless allow-listed. Run at registration
 * and again before every attempt, since DNS may change.
 */
export async function checkWebhookTarget(raw: string, options: { allowList: WebhookAllowList; allowHttp: boolean; resolve?: Resolve }): Promise<CheckedWebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused(WebhookErrorCodes.invalidUrl);
  }
  const schemeAllowed = url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:');
  if (!schemeAllowed || url.username || url.password || !url.hostname) throw new WebhookTargetRefused(WebhookErrorCodes.invalidUrl);
  const host = bare(url.hostname.toLowerCase());
  const hostAllowed = options.allowList.hosts.has(host);
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new WebhookTargetRefused(WebhookErrorCodes.unresolvableHost, { host });
  }
  // Every address must pass: a name with one public and one internal record could otherwise be steered inside.
  for (const { address } of addresses) {
    // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
    const parsed = ipaddr.process(address);
    if (!hostAllowed && !isPublic(parsed) && !inRanges(parsed, options.allowList.ranges)) {
      throw new WebhookTargetRefused(WebhookErrorCodes.forbiddenAddress, { host });
    }
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
