import { Language, Translated } from '../../email/templates/language';
import { NewNotification, NotificationTextParams } from '../../inbox/inbox';

/**
 * The bell's text for one event: written out in the recipient's saved language (the fallback,
 * and what exports show), and as a code with its raw values (amounts as decimal strings with
 * their currency, dates as ISO, what people wrote as written) so the web app can say it in
 * the language the page is read in (issue 30). The codes are the web's
 * `notifications:inbox.<textKey>` texts (apps/web/src/notifications/notification-text.ts).
 */
export type Content = Pick<NewNotification, 'title' | 'message' | 'type' | 'category'> & { textKey: string; textParams: NotificationTextParams };

/** Only the values that are there: an absent reason or tracking number is not sent as an empty one. */
export function textParams(values: Record<string, string | null | undefined>): NotificationTextParams {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '').map(([name, value]) => [name, value.trim()]));
}

const REASON: Translated<(text: string) => string> = {
  en: (text) => ` Reason: ${text}`,
  es: (text) => ` Motivo: ${text}`,
  fr: (text) => ` Motif : ${text}`,
  de: (text) => ` Grund: ${text}`,
};

/** " Reason: …" in the language, with the person's words as written; nothing when they gave none. */
export function reason(text: string | null | undefined, language: Language): string {
  return text?.trim() ? REASON[language](text.trim()) : '';
}
