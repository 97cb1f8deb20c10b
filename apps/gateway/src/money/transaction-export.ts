import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminTransactionsQuery, LedgerCommands, RequestMeta, TransactionView } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { ExportAudit } from '../exports/export-audit';
import { Cell, ExportFormat, streamTable } from '../exports/table-export';
import { ApiError } from '../http/api-error';

export const NO_EXPORT_DATA = 'No transaction data to export';
/** The columns of spec 02 §7, in its order. */
export const EXPORT_COLUMNS = ['ID', 'Client Name', 'Client Email', 'Type', 'Amount', 'Status', 'Date', 'Time', 'Description', 'Reference', 'Payment Method'];
const PAGE_SIZE = 1000;

/** The amount stays the ledger's exact two-decimal text in the CSV and a number shown to the cent in the workbook. */
export function transactionRow(item: TransactionView): Cell[] {
  const at = new Date(item.createdAt).toISOString();
  return [
    item.id,
    item.client ? `${item.client.firstName} ${item.client.lastName}`.trim() : '',
    item.client?.email ?? '',
    item.type,
    { money: item.amount },
    item.status,
    at.slice(0, 10),
    at.slice(11, 19),
    item.description,
    item.reference,
    item.methodLabel,
  ];
}

/**
 * Streams the filtered list as CSV or XLSX (the gateway's one table writer), page by page
 * from the ledger, so memory stays flat however long the list is. The first page is fetched
 * before any header is sent: an empty list is answered 404 with the spec's message. Then
 * the export is recorded in the audit trail, and only once it is does the file start.
 */
@Injectable()
export class TransactionExport {
  constructor(
    private readonly services: ServiceClient,
    private readonly audit: ExportAudit,
  ) {}

  private pages(query: AdminTransactionsQuery, meta: RequestMeta) {
    const services = this.services;
    return (async function* () {
      let cursor: string | undefined;
      do {
        const page = await services.send(LedgerCommands.listTransactions, { ...query, limit: undefined, cursor, pageSize: PAGE_SIZE, skipTotal: true }, meta);
        yield page.items;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    })();
  }

  async stream(format: ExportFormat, query: AdminTransactionsQuery, meta: RequestMeta, reply: FastifyReply): Promise<void> {
    const pages = this.pages({ ...query, cursor: undefined }, meta);
    const first = await pages.next();
    if (first.done || first.value.length === 0) throw ApiError.of(404, 'no_transaction_data');
    const { q, type, status, method, from, to } = query;
    await this.audit.record({ dataset: 'transactions', format, filters: { q, type, status, method, from, to } }, meta);
    const rows = async function* () {
      yield first.value.map(transactionRow);
      for await (const items of pages) yield items.map(transactionRow);
    };
    await streamTable({ format, baseName: 'transactions-report', sheetName: 'Transactions', columns: EXPORT_COLUMNS, rows: rows() }, reply);
  }
}
