import * as ExcelJS from 'exceljs';
import { LedgerCommands, RequestMeta, TransactionView } from '@portal/contracts';
import type { ServiceClient } from '@portal/messaging';
import type { ExportAudit } from '../exports/export-audit';
import { ApiError } from '../http/api-error';
import { cellsOf, downloadOnce, onlySheet } from '../testing/spreadsheets';
import { EXPORT_COLUMNS, NO_EXPORT_DATA, TransactionExport } from './transaction-export';

const meta = { requestId: 'export-request-1' } as RequestMeta;

/** A transaction as the ledger lists it; `at` numbers it (its id, reference and amount). */
const transaction = (at: number, fields: Partial<TransactionView> = {}): TransactionView => ({
  id: `00000000-0000-4000-8000-${String(at).padStart(12, '0')}`,
  userId: '00000000-0000-4000-8000-0000000000aa',
  type: 'withdrawal',
  status: 'completed',
  amount: `-${at}.50`,
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: `WD-${at}`,
  description: 'Withdrawal to Barclays',
  details: {},
  reason: null,
  createdAt: '2026-11-20T10:05:09.000Z',
  updatedAt: '2026-11-20T10:05:09.000Z',
  client: { id: '00000000-0000-4000-8000-0000000000aa', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
  ...fields,
});

/** A ledger answering these pages by cursor, and an audit trail, both noting what they were asked in order. */
function ledgerOf(pages: TransactionView[][]) {
  const requests: Record<string, unknown>[] = [];
  const events: string[] = [];
  const services = {
    send: async (command: string, payload: Record<string, unknown>) => {
      expect(command).toBe(LedgerCommands.listTransactions);
      requests.push(payload);
      const at = payload.cursor === undefined ? 0 : Number(payload.cursor);
      events.push(`page ${at}`);
      return { items: pages[at] ?? [], nextCursor: at + 1 < pages.length ? String(at + 1) : null, total: 0, totalCapped: false };
    },
  } as unknown as ServiceClient;
  const recorded: unknown[] = [];
  const audit = {
    record: async (file: unknown) => {
      events.push('audit');
      recorded.push(file);
      return 'audit-1';
    },
  } as unknown as ExportAudit;
  return { exporter: new TransactionExport(services, audit), requests, recorded, events };
}

/** Serves the export as the admin controller does and downloads it whole, or gives what it refused with. */
async function download(exporter: TransactionExport, format: 'csv' | 'xlsx', query = {}) {
  let refusal: unknown;
  const response = await downloadOnce(async (reply) => {
    try {
      await exporter.stream(format, query, meta, reply);
    } catch (error) {
      refusal = error;
      return reply.code(418).send();
    }
  });
  return { response, refusal };
}

describe('the transactions export', () => {
  it('writes a workbook of the spec columns, amounts as numbers shown to the cent and the rest as text, page after page', async () => {
    const pages = [
      Array.from({ length: 1000 }, (_, at) => transaction(at + 1)),
      [transaction(1001, { description: '=HYPERLINK("https://evil.example","Click")', reference: '+1', client: null, amount: '1234567.89', type: 'deposit' })],
      [transaction(1002, { methodLabel: '@Crypto Transfer' })],
    ];
    const { exporter, requests, recorded, events } = ledgerOf(pages);

    const { response } = await download(exporter, 'xlsx', { type: 'withdrawal', q: 'Lovelace' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="transactions-report-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(recorded).toEqual([{ dataset: 'transactions', format: 'xlsx', filters: { q: 'Lovelace', type: 'withdrawal' } }]);
    // The first page decides between 404 and a file, then the record is written, then the rest is read.
    expect(events.slice(0, 3)).toEqual(['page 0', 'audit', 'page 1']);
    expect(requests.map(({ cursor, pageSize, skipTotal }) => ({ cursor, pageSize, skipTotal }))).toEqual([
      { cursor: undefined, pageSize: 1000, skipTotal: true },
      { cursor: '1', pageSize: 1000, skipTotal: true },
      { cursor: '2', pageSize: 1000, skipTotal: true },
    ]);

    const sheet = await onlySheet(response.rawPayload);
    expect(sheet.name).toBe('Transactions');
    expect(sheet.rowCount).toBe(1 + 1002);
    expect(cellsOf(sheet, 1)).toEqual(EXPORT_COLUMNS);
    expect(cellsOf(sheet, 2)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      'Ada Lovelace',
      'ada@example.test',
      'withdrawal',
      -1.5,
      'completed',
      '2026-11-20',
      '10:05:09',
      'Withdrawal to Barclays',
      'WD-1',
      'Bank Transfer',
    ]);
    expect(sheet.getRow(2).getCell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: -1.5, numFmt: '#,##0.00' });
    expect(sheet.getRow(2).getCell(7)).toMatchObject({ type: ExcelJS.ValueType.String, value: '2026-11-20' });

    // Formula-like text is written as it is, as a text cell a spreadsheet shows and never runs.
    const odd = sheet.getRow(1 + 1001);
    expect(odd.getCell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1234567.89, numFmt: '#,##0.00' });
    for (const [column, value] of [
      [2, undefined],
      [9, '=HYPERLINK("https://evil.example","Click")'],
      [10, '+1'],
    ] as const) {
      const cell = odd.getCell(column);
      expect({ column, value: cell.value ?? undefined, formula: cell.formula }).toEqual({ column, value, formula: undefined });
    }
    expect(odd.getCell(9).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(1 + 1002).getCell(11)).toMatchObject({ type: ExcelJS.ValueType.String, value: '@Crypto Transfer' });
  });

  it('writes CSV with the ledger’s exact amounts and formula-like text quoted so a spreadsheet shows it', async () => {
    const { exporter, recorded } = ledgerOf([
      [transaction(1), transaction(2, { description: '=HYPERLINK("https://evil.example","Click")', reference: '-2', client: null, amount: '9007199254740993.05' })],
    ]);

    const { response } = await download(exporter, 'csv');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="transactions-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(recorded).toEqual([{ dataset: 'transactions', format: 'csv', filters: {} }]);
    expect(response.body.split('\r\n')).toEqual([
      'ID,Client Name,Client Email,Type,Amount,Status,Date,Time,Description,Reference,Payment Method',
      '00000000-0000-4000-8000-000000000001,Ada Lovelace,ada@example.test,withdrawal,-1.50,completed,2026-11-20,10:05:09,Withdrawal to Barclays,WD-1,Bank Transfer',
      `00000000-0000-4000-8000-000000000002,,,withdrawal,9007199254740993.05,completed,2026-11-20,10:05:09,"'=HYPERLINK(""https://evil.example"",""Click"")",'-2,Bank Transfer`,
      '',
    ]);
  });

  it('answers an empty list with the spec’s 404 before any header, and records nothing', async () => {
    const { exporter, recorded, requests } = ledgerOf([[]]);

    const { response, refusal } = await download(exporter, 'xlsx');

    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).body).toMatchObject({ statusCode: 404, message: NO_EXPORT_DATA });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(recorded).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});
