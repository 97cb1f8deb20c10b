import Bowser from 'bowser';

function major(version: string | undefined): string | null {
  const first = version?.split('.')[0]?.trim();
  return first ? first : null;
}

/**
 * A session's browser, system and device in a few words, from its user agent: "Chrome 131,
 * Windows 10", "Safari 17, iOS 17.2, Apple iPhone". Names only (no English words), so every
 * language shows it as it is. Null when the agent names no browser or system (curl, scripts).
 */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const browserText = browser.name ? [browser.name, major(browser.version)].filter(Boolean).join(' ') : null;
  const osVersion = os.versionName ?? os.version;
  const osText = os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null;
  const model = [platform.vendor, platform.model].filter(Boolean).join(' ') || null;
  const parts = [browserText, osText, model].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** An IPv4 client seen through an IPv6 socket ("::ffff:203.0.113.7") is shown as the IPv4 address it is. */
export function displayAddress(clientIp: string | null): string | null {
  return clientIp?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1') ?? null;
}
