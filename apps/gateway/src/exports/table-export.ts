import { once } from 'node:events';
import { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import * as ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { streamedBody } from '../http/raw-response';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell: text, a whole number (a count), or an amount of money as a decimal string. */
export type Cell = string | number | { money: string };

export interface TableFile {
  format: ExportFormat;
  /** Without the date and extension: `report-weekly-overview` becomes `report-weekly-overview-2026-11-23.csv`. */
  baseName: string;
  sheetName: string;
  columns: string[];
  /** Rows in batches, so a long table is written as it is read and never held whole. */
  rows: AsyncIterable<Cell[][]>;
}

/** A spreadsheet cannot run a cell as a formula when it starts with one of these. */
function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvLine(values: Cell[]): string {
  return (
    values
      .map((value) => {
        if (typeof value === 'number') return String(value);
        if (typeof value === 'object') return value.money;
        const text = textCell(value);
        return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}

/**
 * Amounts show as `1,234.50` (Excel's built-in format 4) while staying numbers to sum.
 * Every cell shares one of these two objects: exceljs works a style out once per object,
 * which halves the time a long export takes against a new style object per cell.
 */
const MONEY_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: '#,##0.00' });
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});
/** Rows committed between checks that the download keeps up (one check per batch at least). */
const ROWS_PER_CHECK = 500;

/**
 * Text stays a plain string cell, which exceljs never writes as a formula (a formula
 * needs a `{ formula }` value), so `=...` in a cell is shown, never run.
 */
function xlsxValue(value: Cell): string | number {
  if (typeof value !== 'object') return value;
  const amount = Number(value.money);
  return Number.isFinite(amount) ? amount : value.money;
}

/**
 * The workbook's rows go through a zip that does not pass the download's back-pressure on
 * to the caller (exceljs writes committed rows on regardless), so the loop pauses itself:
 * it lets the zip catch up and waits while the response is full.
 */
async function keepUp(res: Writable): Promise<void> {
  await setImmediate();
  while (res.writableNeedDrain && !res.destroyed) {
    // A download closed while full never drains: its close ends the wait too.
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done);
        resolve();
      };
      res.on('drain', done).on('close', done);
    });
  }
  if (res.destroyed) throw new Error('The download was closed before the export finished');
}

async function writeXlsx(file: TableFile, res: Writable): Promise<void> {
  // Inline (not shared) strings: a shared-string table would hold every text of the file in memory.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: true, zip: { zlib: { level: 6 } } });
  const sheet = workbook.addWorksheet(file.sheetName.slice(0, 31));
  sheet.addRow(file.columns).commit();
  let sinceCheck = 0;
  for await (const batch of file.rows) {
    for (const values of batch) {
      const row = sheet.addRow(values.map(xlsxValue));
      values.forEach((value, index) => {
        row.getCell(index + 1).style = typeof value === 'object' ? MONEY_STYLE : PLAIN_STYLE;
      });
      row.commit();
      if (++sinceCheck === ROWS_PER_CHECK) {
        sinceCheck = 0;
        await keepUp(res);
      }
    }
    sinceCheck = 0;
    await keepUp(res);
  }
  await workbook.commit();
}

async function write(target: Writable, chunk: string): Promise<void> {
  if (!target.write(chunk)) await once(target, 'drain');
}

/** The dated file name of an export, e.g. report-weekly-financial-2026-11-23.xlsx. */
export function exportFileName(baseName: string, format: ExportFormat, at = new Date()): string {
  return `${baseName}-${at.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Streams a table as CSV or XLSX (exceljs's streaming writer: a zip written as it goes),
 * the one writer of every table export (reports, audit logs, transactions),
 * batch by batch, so memory stays flat however long it is. Callers check for an empty
 * table before calling: once the headers are out, a failure can only break the download.
 */
export async function streamTable(file: TableFile, reply: FastifyReply): Promise<void> {
  reply.code(200);
  reply.header('content-type', file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${exportFileName(file.baseName, file.format)}"`);
  reply.header('cache-control', 'no-store');
  const res = streamedBody(reply);
  try {
    if (file.format === 'csv') {
      await write(res, csvLine(file.columns));
      for await (const batch of file.rows) for (const row of batch) await write(res, csvLine(row));
      res.end();
      return;
    }
    await writeXlsx(file, res);
  } catch (error) {
    // Headers are out: the only honest signal left is a broken download.
    res.destroy(error as Error);
  }
}
