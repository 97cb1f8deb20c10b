import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import archiver from 'archiver';
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

function xml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);
}

/** A, B, ... Z, AA, AB ... */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function xlsxRow(rowNumber: number, values: Cell[]): string {
  const cells = values
    .map((value, index) => {
      const at = `${columnName(index)}${rowNumber}`;
      if (typeof value === 'number') return `<c r="${at}"><v>${value}</v></c>`;
      if (typeof value === 'object') return `<c r="${at}" s="1"><v>${value.money}</v></c>`;
      return `<c r="${at}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
    })
    .join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

function xlsxParts(sheetName: string): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/styles.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="0"/><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf numFmtId="4" applyNumberFormat="1"/></cellXfs></styleSheet>',
  };
}

async function write(target: Writable, chunk: string): Promise<void> {
  if (!target.write(chunk)) await once(target, 'drain');
}

/** The dated file name of an export, e.g. report-weekly-financial-2026-11-23.xlsx. */
export function exportFileName(baseName: string, format: ExportFormat, at = new Date()): string {
  return `${baseName}-${at.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Streams a table as CSV or XLSX (a zip written as it goes), batch by batch, so memory
 * stays flat however long it is. Callers check for an empty table before calling: once
 * the headers are out, a failure can only break the download.
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
    const zip = archiver('zip', { zlib: { level: 6 } });
    zip.pipe(res);
    for (const [name, content] of Object.entries(xlsxParts(file.sheetName))) zip.append(content, { name });
    const sheet = new PassThrough();
    zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
    const finished = zip.finalize();
    await write(sheet, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
    let rowNumber = 1;
    await write(sheet, xlsxRow(rowNumber, file.columns));
    for await (const batch of file.rows) for (const row of batch) await write(sheet, xlsxRow(++rowNumber, row));
    sheet.end('</sheetData></worksheet>');
    await finished;
  } catch (error) {
    // Headers are out: the only honest signal left is a broken download.
    res.destroy(error as Error);
  }
}
