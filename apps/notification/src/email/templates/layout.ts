export const PRODUCT_NAME = 'Investment Portal';

/** What a template produces: the same message as plain text and as simple HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of plain text, or a call to action with its link. */
export type EmailBlock = string | { action: { label: string; url: string } };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * A name as the user typed it at sign-up, made safe to show: one line, no control
 * characters, bounded, so it cannot reshape the message around it. (HTML escaping is
 * separate and happens in composeEmail.)
 */
export function displayName(name: string | null | undefined): string {
  // Whitespace and control characters become one space; bidirectional overrides,
  // which can make text read differently from what it is, are dropped.
  const oneLine = (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
}

export function greeting(firstName: string | null | undefined): string {
  const name = displayName(firstName);
  return name ? `Hello ${name},` : 'Hello,';
}

/** Only web links go into a message; anything else (javascript:, data:) is refused. */
export function webLink(url: string): string {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('email link is not a valid URL');
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`email link must be http(s), got ${protocol}`);
  return url;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "22 November 2025 at 06:00 UTC"; null when the value is not a date. */
export function formatUtc(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `${dateFormat.format(date)} UTC`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * How long a link lasts, from when it was issued to when it expires: "1 hour",
 * "24 hours", "30 minutes", "7 days". Taken from the event rather than fixed here, so
 * the text stays true when identity changes a token's lifetime.
 */
export function describeValidity(issuedAt: string, expiresAt: string): string | null {
  const milliseconds = new Date(expiresAt).getTime() - new Date(issuedAt).getTime();
  if (!Number.isFinite(milliseconds) || milliseconds <= 0) return null;
  const minutes = Math.round(milliseconds / 60_000);
  if (minutes < 60) return plural(Math.max(minutes, 1), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours >= 72 && hours % 24 === 0) return plural(hours / 24, 'day');
  return plural(hours, 'hour');
}

/** "This link is valid for 24 hours (until 22 November 2025 at 06:00 UTC)." */
export function validitySentence(issuedAt: string, expiresAt: string): string {
  const validity = describeValidity(issuedAt, expiresAt);
  const until = formatUtc(expiresAt);
  if (validity && until) return `This link is valid for ${validity} (until ${until}).`;
  if (until) return `This link is valid until ${until}.`;
  return 'This link is valid for a limited time.';
}

const FOOTER = `${PRODUCT_NAME}. This is an automated message; replies to this address are not read.`;

function textBlock(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  return `${block.action.label}:\n${webLink(block.action.url)}`;
}

function htmlBlock(block: EmailBlock): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block)}</p>`;
  const href = escapeHtml(webLink(block.action.url));
  return [
    `<p style="margin:24px 0"><a href="${href}" style="background:#1677ff;border-radius:6px;color:#ffffff;display:inline-block;font-weight:600;padding:12px 20px;text-decoration:none">${escapeHtml(block.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;line-height:1.5;color:#595959;font-size:13px">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:#1677ff;word-break:break-all">${href}</a></p>`,
  ].join('\n');
}

/**
 * Builds both bodies from the same blocks. Every value is escaped here, so a template
 * only ever hands over plain text and cannot forget to escape.
 */
export function composeEmail(subject: string, blocks: EmailBlock[]): RenderedEmail {
  const text = [...blocks.map(textBlock), '--', FOOTER].join('\n\n') + '\n';
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#262626">',
    '<div style="max-width:560px;margin:0 auto;padding:32px 24px">',
    `<div style="font-size:18px;font-weight:700;margin-bottom:24px">${escapeHtml(PRODUCT_NAME)}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:32px 28px;font-size:15px">',
    ...blocks.map(htmlBlock),
    '</div>',
    `<p style="color:#8c8c8c;font-size:12px;line-height:1.5;margin:24px 0 0">${escapeHtml(FOOTER)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}
