import { i18n } from '../i18n/i18n';
import { capitalise } from './format';

/** A transaction's or security deposit's status as its tag shows it ("pending"), in the shown language. */
export function statusText(status: string): string {
  return i18n.t(`money:status.${status}` as string, { defaultValue: status });
}

/** A transaction type ("Deposit"), in the shown language. */
export function typeText(type: string): string {
  return i18n.t(`money:types.${type}` as string, { defaultValue: capitalise(type) });
}
