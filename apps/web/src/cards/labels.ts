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
