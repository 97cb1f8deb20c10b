import { callGateway } from '../api/http';
import type { MoneyCurrency } from './display-currency';

/** The name the gateway gives a statement's file. */
export const statementFileName = (month: string, currency: MoneyCurrency) => `statement-${month}-${currency}.pdf`;

/** This month (UTC, as the ledger counts months), YYYY-MM: the latest one with a statement. */
export const currentStatementMonth = (now = new Date()) => now.toISOString().slice(0, 7);

export const statementApi = {
  /** A month's statement of the available balance in a currency, as the gateway's PDF. */
  download: (month: string, currency: MoneyCurrency) =>
    callGateway(
      (client, init) =>
        client.GET('/api/v1/statements/{month}', {
          ...init,
          headers: { ...init.headers, Accept: 'application/pdf, application/json' },
          params: { path: { month }, query: { currency } },
          parseAs: 'blob',
        }) as never,
    ) as Promise<Blob>,
};

/** Hands a downloaded file to the browser to save. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
