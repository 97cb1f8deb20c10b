import { composeEmail, displayName, formatUtc, greeting, RenderedEmail } from './layout';

export interface TransactionEmailParams {
  firstName: string;
  /** Decimal string as on the wire, "1500.00". */
  amount: string;
  currency: string;
  reference: string;
  occurredAt: string;
  transactionsUrl: string;
}

/** "1,500.00 USD": the amount as the ledger stated it, with thousands separators only. */
export function formatAmount(amount: string, currency: string): string {
  const [whole, fraction] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''} ${currency}`;
}

export function withdrawalRequestedTemplate(params: TransactionEmailParams): RenderedEmail {
  return composeEmail('We received your withdrawal request', [
    greeting(params.firstName),
    `We received your request to withdraw ${formatAmount(params.amount, params.currency)} (reference ${displayName(params.reference)}) on ${formatUtc(params.occurredAt) ?? 'today'}.`,
    'The amount is held on your balance while our finance team reviews the request and wires the funds. We will let you know when it is paid out.',
    { action: { label: 'View your transactions', url: params.transactionsUrl } },
    'If you did not make this request, contact support straight away.',
  ]);
}

export function depositCompletedTemplate(params: TransactionEmailParams): RenderedEmail {
  return composeEmail('Your deposit has been credited', [
    greeting(params.firstName),
    `Your deposit of ${formatAmount(params.amount, params.currency)} (reference ${displayName(params.reference)}) has arrived and is now available on your balance.`,
    { action: { label: 'View your transactions', url: params.transactionsUrl } },
  ]);
}
