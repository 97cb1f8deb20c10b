import * as ExcelJS from 'exceljs';
import { AUDIT_COLUMNS, auditRow, FIGURE_COLUMNS } from '../back-office/report-tables';
import { cellsOf, downloadOnce, onlySheet } from '../testing/spreadsheets';
import { Cell, streamTable, TableFile, XLSX_CONTENT_TYPE } from './table-export';

async function* batches(...tables: Cell[][][]): AsyncIterable<Cell[][]> {
  for (const table of tables) yield table;
}

/** Serves one table as the controllers do and downloads it whole. */
async function download(file: TableFile) {
  const response = await downloadOnce((reply) => streamTable(file, reply));
  return { headers: response.headers, sheet: await onlySheet(response.rawPayload) };
}

describe('streamTable as XLSX', () => {
  it('writes the header, counts as numbers and amounts as numbers shown to the cent, in a dated file', async () => {
    const { headers, sheet } = await download({
      format: 'xlsx',
      baseName: 'report-weekly-financial',
      sheetName: 'Financial',
      columns: FIGURE_COLUMNS,
      rows: batches([
        ['Transaction volume', 'deposit completed', 'USD', 3, { money: '1234.50' }],
        ['Total volume', 'All transactions', 'USD', '', { money: '5000.00' }],
      ]),
    });

    expect(headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="report-weekly-financial-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(sheet.name).toBe('Financial');
    expect(cellsOf(sheet, 1)).toEqual(['Section', 'Item', 'Currency', 'Count', 'Amount']);
    const volume = sheet.getRow(2);
    expect(volume.getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 3 });
    expect(volume.getCell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1234.5, numFmt: '#,##0.00' });
    expect(sheet.getRow(3).getCell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 5000, numFmt: '#,##0.00' });
    expect(sheet.rowCount).toBe(3);
  });

  it('writes dates as the text the CSV has and formula-like text as text, never a formula', async () => {
    const entry = {
      id: '00000000-0000-4000-8000-000000000101',
      category: 'admin_action',
      actionType: 'user_suspended',
      actorUserId: null,
      actorEmail: '@admin@example.test',
      targetType: 'user',
      targetId: '+u-1',
      description: '=HYPERLINK("https://evil.example","Click")',
      metadata: {},
      clientIp: '-1',
      createdAt: '2026-11-20T10:05:09.000Z',
    };
    const { sheet } = await download({ format: 'xlsx', baseName: 'audit-logs', sheetName: 'Audit Logs', columns: AUDIT_COLUMNS, rows: batches([auditRow(entry)]) });

    expect(sheet.name).toBe('Audit Logs');
    expect(cellsOf(sheet, 1)).toEqual(AUDIT_COLUMNS);
    const row = sheet.getRow(2);
    expect(row.getCell(1)).toMatchObject({ type: ExcelJS.ValueType.String, value: '2026-11-20' });
    expect(row.getCell(2)).toMatchObject({ type: ExcelJS.ValueType.String, value: '10:05:09' });
    // Written as they are (no quote added, unlike the CSV), but as text cells a spreadsheet shows and never runs.
    for (const [column, value] of [
      [6, '@admin@example.test'],
      [9, '+u-1'],
      [10, '=HYPERLINK("https://evil.example","Click")'],
      [11, '-1'],
    ] as const) {
      expect({ column, type: row.getCell(column).type, value: row.getCell(column).value, formula: row.getCell(column).formula }).toEqual({
        column,
        type: ExcelJS.ValueType.String,
        value,
        formula: undefined,
      });
    }
  });

  it('writes every row of a table read in batches, long batches too', async () => {
    const rowsOf = (from: number, count: number): Cell[][] => Array.from({ length: count }, (_, at) => ['Daily deposits', `day ${from + at}`, 'USD', from + at, { money: `${from + at}.25` }]);
    const { sheet } = await download({ format: 'xlsx', baseName: 'report-daily-financial', sheetName: 'Financial', columns: FIGURE_COLUMNS, rows: batches(rowsOf(1, 100), rowsOf(101, 1_200), rowsOf(1_301, 7)) });

    expect(sheet.rowCount).toBe(1 + 1_307);
    expect(cellsOf(sheet, 1 + 1_307)).toEqual(['Daily deposits', 'day 1307', 'USD', 1_307, 1_307.25]);
  });
});
