import * as ExcelJS from 'exceljs';
import Fastify, { FastifyReply, LightMyRequestResponse } from 'fastify';

/** Serves `handler` on a bare Fastify app, as a controller serves an export, and downloads it whole. */
export async function downloadOnce(handler: (reply: FastifyReply) => Promise<unknown>): Promise<LightMyRequestResponse> {
  const app = Fastify();
  app.get('/export', async (_request, reply) => handler(reply));
  try {
    return await app.inject({ method: 'GET', url: '/export' });
  } finally {
    await app.close();
  }
}

/** Reads a workbook back with exceljs's reader, as a spreadsheet would open it, and gives its one sheet. */
export async function onlySheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own `Buffer` (an ArrayBuffer); a Node Buffer is what it reads at run time.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** A row's values from its first column (exceljs counts columns from 1). */
export const cellsOf = (sheet: ExcelJS.Worksheet, rowNumber: number): unknown[] => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
