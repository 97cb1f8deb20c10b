/** A sentinel to ask for the Redis primary. */
export interface RedisSentinelAddress {
  host: string;
  port: number;
}

// A host name, an IPv4 address or a bracketed IPv6 address, then the port.
const SENTINEL_ADDRESS = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9][A-Za-z0-9.-]*)):(\d{1,5})$/;

/**
 * The sentinels of a REDIS_SENTINELS list (`host:port,host:port`, an IPv6 host in
 * brackets: `[::1]:26379`), or null when any entry is not one or the list is empty.
 */
export function parseRedisSentinels(list: string): RedisSentinelAddress[] | null {
  const entries = list.split(',').map((entry) => entry.trim());
  const sentinels: RedisSentinelAddress[] = [];
  for (const entry of entries) {
    const match = SENTINEL_ADDRESS.exec(entry);
    const port = match ? Number(match[3]) : 0;
    if (!match || port < 1 || port > 65_535) return null;
    sentinels.push({ host: match[1] ?? match[2], port });
  }
  return sentinels.length > 0 ? sentinels : null;
}
