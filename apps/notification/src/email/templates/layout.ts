import { Language, Translated } from './language';

/** The brand, the same in every language. */
export const PRODUCT_NAME = 'Investment Portal';

type Unit = 'minute' | 'hour' | 'day' | 'month';

/** The words of the frame around every email, and of the phrases templates share. */
const LAYOUT: Translated<{
  hello: (name: string) => string;
  helloNobody: string;
  /** Intl locale of dates. */
  locale: string;
  units: Record<Unit, [one: string, other: string]>;
  validFor: (validity: string, until: string) => string;
  validUntil: (until: string) => string;
  validForAWhile: string;
  footer: string;
  buttonFallback: string;
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    helloNobody: 'Hello,',
    locale: 'en-GB',
    units: { minute: ['minute', 'minutes'], hour: ['hour', 'hours'], day: ['day', 'days'], month: ['month', 'months'] },
    validFor: (validity, until) => `This link is valid for ${validity} (until ${until}).`,
    validUntil: (until) => `This link is valid until ${until}.`,
    validForAWhile: 'This link is valid for a limited time.',
    footer: `${PRODUCT_NAME}. This is an automated message; replies to this address are not read.`,
    buttonFallback: 'If the button does not work, copy this link into your browser:',
  },
  es: {
    hello: (name) => `Hola, ${name}:`,
    helloNobody: 'Hola:',
    locale: 'es-ES',
    units: { minute: ['minuto', 'minutos'], hour: ['hora', 'horas'], day: ['día', 'días'], month: ['mes', 'meses'] },
    validFor: (validity, until) => `Este enlace es válido durante ${validity} (hasta el ${until}).`,
    validUntil: (until) => `Este enlace es válido hasta el ${until}.`,
    validForAWhile: 'Este enlace es válido durante un tiempo limitado.',
    footer: `${PRODUCT_NAME}. Este es un mensaje automático; las respuestas a esta dirección no se leen.`,
    buttonFallback: 'Si el botón no funciona, copie este enlace en su navegador:',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    helloNobody: 'Bonjour,',
    locale: 'fr-FR',
    units: { minute: ['minute', 'minutes'], hour: ['heure', 'heures'], day: ['jour', 'jours'], month: ['mois', 'mois'] },
    validFor: (validity, until) => `Ce lien est valable ${validity} (jusqu’au ${until}).`,
    validUntil: (until) => `Ce lien est valable jusqu’au ${until}.`,
    validForAWhile: 'Ce lien est valable pendant une durée limitée.',
    footer: `${PRODUCT_NAME}. Ceci est un message automatique ; les réponses à cette adresse ne sont pas lues.`,
    buttonFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  },
  de: {
    hello: (name) => `Hallo ${name},`,
    helloNobody: 'Hallo,',
    locale: 'de-DE',
    units: { minute: ['Minute', 'Minuten'], hour: ['Stunde', 'Stunden'], day: ['Tag', 'Tage'], month: ['Monat', 'Monate'] },
    validFor: (validity, until) => `Dieser Link ist ${validity} lang gültig (bis zum ${until}).`,
    validUntil: (until) => `Dieser Link ist bis zum ${until} gültig.`,
    validForAWhile: 'Dieser Link ist nur für begrenzte Zeit gültig.',
    footer: `${PRODUCT_NAME}. Dies ist eine automatisch erstellte Nachricht; Antworten an diese Adresse werden nicht gelesen.`,
    buttonFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  },
};

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
 * Text someone typed (a name, a ticket subject, an admin's note or reason) made safe to
 * show in a sentence: one line, no control characters, at most `maxLength` characters,
 * so it cannot reshape the message around it. (HTML escaping is separate and happens in
 * composeEmail.)
 */
export function plainText(value: string | null | undefined, maxLength: number): string {
  // Whitespace and control characters become one space; bidirectional overrides,
  // which can make text read differently from what it is, are dropped.
  const oneLine = (value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
}

/** A name as the user typed it at sign-up, made safe to show (see plainText) and bounded to 80 characters. */
export function displayName(name: string | null | undefined): string {
  return plainText(name, 80);
}

export function greeting(firstName: string | null | undefined, language: Language = 'en'): string {
  const name = displayName(firstName);
  return name ? LAYOUT[language].hello(name) : LAYOUT[language].helloNobody;
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

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** "22 November 2025 at 06:00 UTC" (in English); null when the value is not a date. */
export function formatUtc(iso: string, language: Language = 'en'): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LAYOUT[language].locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    dateFormats.set(language, format);
  }
  return `${format.format(date)} UTC`;
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A calendar day such as an investment's start or maturity date ("2026-11-29"): "29 November
 * 2026" in English, "29. November 2026" in German; null when the value is not a date.
 */
export function formatDay(date: string | null | undefined, language: Language = 'en'): string | null {
  if (!date) return null;
  const day = new Date(date);
  if (Number.isNaN(day.getTime())) return null;
  let format = dayFormats.get(language);
  if (!format) {
    // A bare "YYYY-MM-DD" is read as midnight UTC, so the day is the UTC one.
    format = new Intl.DateTimeFormat(LAYOUT[language].locale, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(day);
}

function plural(count: number, unit: Unit, language: Language): string {
  const [one, other] = LAYOUT[language].units[unit];
  return `${count} ${count === 1 ? one : other}`;
}

/** An investment's term: "12 months", "1 month", "12 Monate". */
export function describeMonths(count: number, language: Language = 'en'): string {
  return plural(count, 'month', language);
}

/**
 * How long a link lasts, from when it was issued to when it expires: "1 hour",
 * "24 hours", "30 minutes", "7 days". Taken from the event rather than fixed here, so
 * the text stays true when identity changes a token's lifetime.
 */
export function describeValidity(issuedAt: string, expiresAt: string, language: Language = 'en'): string | null {
  const milliseconds = new Date(expiresAt).getTime() - new Date(issuedAt).getTime();
  if (!Number.isFinite(milliseconds) || milliseconds <= 0) return null;
  const minutes = Math.round(milliseconds / 60_000);
  if (minutes < 60) return plural(Math.max(minutes, 1), 'minute', language);
  const hours = Math.round(minutes / 60);
  if (hours >= 72 && hours % 24 === 0) return plural(hours / 24, 'day', language);
  return plural(hours, 'hour', language);
}

/** "This link is valid for 24 hours (until 22 November 2025 at 06:00 UTC)." */
export function validitySentence(issuedAt: string, expiresAt: string, language: Language = 'en'): string {
  const words = LAYOUT[language];
  const validity = describeValidity(issuedAt, expiresAt, language);
  const until = formatUtc(expiresAt, language);
  if (validity && until) return words.validFor(validity, until);
  if (until) return words.validUntil(until);
  return words.validForAWhile;
}

/** The words of an email built around one link that expires (see `expiringLinkEmail`). */
export interface ExpiringLinkWords {
  subject: string;
  /** Why the email came. */
  reason: string;
  /** The link's button. */
  action: string;
  /** Follows the link's lifetime in the same paragraph. */
  afterValidity: string;
  /** Last: who may ignore the email. */
  closing: string;
}

/** The link, whom it is for, and when it was issued and stops working. */
export interface ExpiringLink {
  firstName: string;
  url: string;
  issuedAt: string;
  expiresAt: string;
}

/** Greeting, reason, the link, how long it works, closing: the emails that send a single-use link. */
export function expiringLinkEmail(words: ExpiringLinkWords, link: ExpiringLink, language: Language = 'en'): RenderedEmail {
  return composeEmail(
    words.subject,
    [greeting(link.firstName, language), words.reason, { action: { label: words.action, url: link.url } }, `${validitySentence(link.issuedAt, link.expiresAt, language)} ${words.afterValidity}`, words.closing],
    language,
  );
}

/** What a notice of a change to the account says: what happened, what to do if it was the owner and if it was not. */
export interface SecurityNotice {
  subject: string;
  happened: string;
  ifYou: string;
  ifNot: string;
  /** The label of the link to reset the password. */
  reset: string;
}

/** A change to the account its owner may not have made: the notice, then the way to reset the password. */
export function securityNoticeEmail(notice: SecurityNotice, to: { firstName: string; resetPasswordUrl: string }, language: Language = 'en'): RenderedEmail {
  return composeEmail(notice.subject, [greeting(to.firstName, language), notice.happened, notice.ifYou, notice.ifNot, { action: { label: notice.reset, url: to.resetPasswordUrl } }], language);
}

/** "1,500.00 USD" in English, "1.500,00 USD" in German: the amount as the ledger stated it, only punctuated. */
export function formatAmount(amount: string, currency: string, language: Language = 'en'): string {
  const [whole, fraction] = amount.split('.');
  const [thousands, decimal] = language === 'en' ? [',', '.'] : language === 'fr' ? ['\u202f', ','] : ['.', ','];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands)}${fraction ? `${decimal}${fraction}` : ''} ${currency}`;
}

function textBlock(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  return `${block.action.label}:\n${webLink(block.action.url)}`;
}

function htmlBlock(block: EmailBlock, language: Language): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block)}</p>`;
  const href = escapeHtml(webLink(block.action.url));
  return [
    `<p style="margin:24px 0"><a href="${href}" style="background:#1677ff;border-radius:6px;color:#ffffff;display:inline-block;font-weight:600;padding:12px 20px;text-decoration:none">${escapeHtml(block.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;line-height:1.5;color:#595959;font-size:13px">${escapeHtml(LAYOUT[language].buttonFallback)}<br><a href="${href}" style="color:#1677ff;word-break:break-all">${href}</a></p>`,
  ].join('\n');
}

/**
 * Builds both bodies from the same blocks. Every value is escaped here, so a template
 * only ever hands over plain text and cannot forget to escape.
 */
export function composeEmail(subject: string, blocks: EmailBlock[], language: Language = 'en'): RenderedEmail {
  const footer = LAYOUT[language].footer;
  const text = [...blocks.map(textBlock), '--', footer].join('\n\n') + '\n';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#262626">',
    '<div style="max-width:560px;margin:0 auto;padding:32px 24px">',
    `<div style="font-size:18px;font-weight:700;margin-bottom:24px">${escapeHtml(PRODUCT_NAME)}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:32px 28px;font-size:15px">',
    ...blocks.map((block) => htmlBlock(block, language)),
    '</div>',
    `<p style="color:#8c8c8c;font-size:12px;line-height:1.5;margin:24px 0 0">${escapeHtml(footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}
