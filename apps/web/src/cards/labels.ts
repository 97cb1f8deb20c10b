import { i18n } from '../i18n/i18n';
import type { CardRequestStatus, CardRequestView } from './cards-api';

/** "Physical Card" / "Virtual Card" in the shown language. */
export function cardTypeText(type: CardRequestView['cardType']): string {
  return i18n.t(`cards:types.${type}`);
}

/** A card request's status as its tag shows it ("Pending"), in the shown language. */
export function cardStatusText(status: CardRequestStatus | 'all'): string {
  return i18n.t(`cards:status.${status}`);
}

/**
 * A request's own text (card name, reason, delivery address), or, once the ledger erased it
 * when the person deleted their account (it stores an empty text), words saying so, where
 * a blank cell would read as a fault.
 */
export function requestText(text: string): string {
  return text === '' ? i18n.t('cards:common.erased') : text;
}
