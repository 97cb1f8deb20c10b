import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import archiver from 'archiver';
import type { FastifyReply } from 'fastify';
import { AdminTransactionsQuery, LedgerCommands, RequestMeta, TransactionView } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { ExportAudit } from '../exports/export-audit';
import { streamedBody } from '../http/raw-response';
import { ApiError } from '../http/api-error';

export const NO_EXPORT_DATA = 'No transaction data to export';
/** The columns of spec 02 §7, in its order. */
export const EXPORT_COLUMNS = ['ID', 'Client Name', 'Client Email', 'Type', 'Amount', 'Status', 'Date', 'Time', 'Description', 'Reference', 'Payment Method'];
const PAGE_SIZE = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cells(item: TransactionView): (string | number)[] {
  const at = new Date(item.createdAt);
  return [
    item.id,
    item.client ? `${item.client.firstName} ${item.client.lastName}`.trim() : '',
    item.client?.email ?? '',
    item.type,
    Number(item.amount),
    item.status,
    at.toISOString().slice(0, 10),
    at.toISOString().slice(11, 19),
    item.description,
    item.reference,
    item.methodLabel,
  ];
}

/** A spreadsheet cannot run a cell as a formula when it starts with one of these. */
function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvLine(values: (string | number)[]): string {
  return (
    values
      .map((value) => {
        if (typeof value === 'number') return value.toFixed(2);
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

function column(index: number): string {
  return String.fromCharCode(65 + index);
}

function xlsxRow(rowNumber: number, values: (string | number)[]): string {
  const row = values
    .map((value, index) =>
      typeof value === 'number'
        ? `<c r="${column(index)}${rowNumber}" s="1"><v>${value}</v></c>`
        : `<c r="${column(index)}${rowNumber}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`,
    )
    .join('');
  return `<row r="${rowNumber}">${row}</row>`;
}

const XLSX_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Transactions" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="0"/><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf numFmtId="4" applyNumberFormat="1"/></cellXfs></styleSheet>',
};

async function write(target: Writable, chunk: string): Promise<void> {
  if (!target.write(chunk)) await once(target, 'drain');
}

/**
 * Streams the filtered list as CSV or XLSX (a zip written as it goes), page by page from
 * the ledger, so memory stays flat however long the list is. The first page is fetched
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

  async stream(format: 'csv' | 'xlsx', query: AdminTransactionsQuery, meta: RequestMeta, reply: FastifyReply): Promise<void> {
    const pages = this.pages({ ...query, cursor: undefined }, meta);
    const first = await pages.next();
    if (first.done || first.value.length === 0) throw ApiError.of(404, NO_EXPORT_DATA, { code: 'no_data' });
    const { q, type, status, method, from, to } = query;
    await this.audit.record({ dataset: 'transactions', format, filters: { q, type, status, method, from, to } }, meta);
    const fileName = `transactions-report-${new Date().toISOString().slice(0, 10)}.${format}`;
    reply.code(200);
    reply.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    reply.header('cache-control', 'no-store');
    const rest = async function* () {
      yield first.value as TransactionView[];
      for await (const items of pages) yield items;
    };
    const res = streamedBody(reply);
    try {
      if (format === 'csv') {
        await write(res, csvLine(EXPORT_COLUMNS));
        for await (const items of rest()) for (const item of items) await write(res, csvLine(cells(item)));
        res.end();
        return;
      }
      const zip = archiver('zip', { zlib: { level: 6 } });
      zip.pipe(res);
      for (const [name, content] of Object.entries(XLSX_PARTS)) zip.append(content, { name });
      const sheet = new PassThrough();
      zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
      const finished = zip.finalize();
      await write(sheet, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
      let rowNumber = 1;
      await write(sheet, xlsxRow(rowNumber, EXPORT_COLUMNS));
      for await (const items of rest()) for (const item of items) await write(sheet, xlsxRow(++rowNumber, cells(item)));
      sheet.end('</sheetData></worksheet>');
      await finished;
    } catch (error) {
      // Headers are out: the only honest signal left is a broken download.
      res.destroy(error as Error);
    }
  }
}
