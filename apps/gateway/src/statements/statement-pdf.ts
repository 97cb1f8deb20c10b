import PDFDocument from 'pdfkit';
import type { MonthlyStatement, StatementInvestment } from '@portal/contracts';

/** The file name of a month's statement: statement-2026-04-USD.pdf. */
export function statementFileName(statement: Pick<MonthlyStatement, 'month' | 'currency'>): string {
  return `statement-${statement.month}-${statement.currency}.pdf`;
}

/** A decimal string (-1200.00) with thousands separators (-1,200.00). */
export function groupedAmount(amount: string): string {
  const [whole, fraction = '00'] = amount.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Characters the PDF's standard fonts have beyond Latin-1 (Windows-1252). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters that have no decomposition into a base letter and an accent. */
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Text the standard fonts can show: a letter they lack is written without its accent when
 * that leaves one they have (ő → o), otherwise as "?"; control characters are dropped.
 */
export function printable(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) {
      result += char;
      continue;
    }
    if (PLAIN_LETTERS[char]) {
      result += PLAIN_LETTERS[char];
      continue;
    }
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    result += base.length > 0 && [...base].every((part) => (part.codePointAt(0) ?? 0) <= 0xff) ? base : '?';
  }
  return result;
}

const STATUS_LABELS: Record<StatementInvestment['status'], string> = { awaiting_funding: 'Awaiting funding', active: 'Active', matured: 'Matured', cancelled: 'Cancelled' };
const TYPE_LABELS: Record<string, string> = { personal: 'Personal', corporate: 'Corporate', gipp: 'GIPP' };

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9;
const ROW_HEIGHT = 16;
const MUTED = '#555555';
const RULE = '#cccccc';

/**
 * Lays the statement out on A4 pages: the platform's name, the customer, currency and
 * period, the balances, a table of every posting with the running balance, the closing
 * balance and the investments. Tables continue on new pages under their header row; every
 * page is numbered.
 */
class StatementLayout {
  private y = MARGIN;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get bottom(): number {
    // Room is kept for the page number.
    return this.doc.page.height - MARGIN - 20;
  }

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = MARGIN;
  }

  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** One line of text cut to the width, with an ellipsis when it is longer. */
  private cell(text: string, x: number, width: number, align: 'left' | 'right' = 'left'): void {
    let shown = printable(text);
    if (this.doc.widthOfString(shown) > width) {
      while (shown.length > 0 && this.doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
    }
    this.doc.text(shown, x, this.y, { width, align, lineBreak: false });
  }

  heading(statement: MonthlyStatement): void {
    const doc = this.doc;
    doc.font(BOLD).fontSize(18).fillColor('black');
    this.cell(statement.platformName, MARGIN, this.width);
    this.y += 26;
    doc.font(FONT).fontSize(12).fillColor(MUTED);
    this.cell(`Account statement${statement.toDate ? ' (month to date)' : ''}`, MARGIN, this.width);
    this.y += 24;
    const facts: [string, string][] = [];
    if (statement.customer) facts.push(['Customer', `${statement.customer.name} (${statement.customer.email})`]);
    facts.push(['Currency', `${statement.currency} (available balance)`]);
    facts.push(['Period', `${statement.period.from} to ${statement.period.to}`]);
    facts.push(['Generated', `${statement.generatedAt.slice(0, 16).replace('T', ' ')} UTC`]);
    for (const [label, value] of facts) this.fact(label, value);
    this.y += 8;
  }

  private fact(label: string, value: string, bold = false): void {
    const doc = this.doc;
    doc.fontSize(10).font(BOLD).fillColor('black');
    this.cell(label, MARGIN, 120);
    doc.font(bold ? BOLD : FONT);
    this.cell(value, MARGIN + 120, this.width - 120);
    this.y += 15;
  }

  balances(statement: MonthlyStatement): void {
    this.ensure(4 * 15 + 10);
    const money = (amount: string) => `${groupedAmount(amount)} ${statement.currency}`;
    this.fact('Opening balance', money(statement.openingBalance), true);
    this.fact('Money in', money(statement.totalIn));
    this.fact('Money out', money(statement.totalOut === '0.00' ? '0.00' : `-${statement.totalOut}`));
    this.fact('Closing balance', money(statement.closingBalance), true);
    this.y += 10;
  }

  section(title: string): void {
    this.ensure(24 + 2 * ROW_HEIGHT);
    this.doc.font(BOLD).fontSize(12).fillColor('black');
    this.cell(title, MARGIN, this.width);
    this.y += 20;
  }

  /** A table whose header row is repeated on every page it runs onto. */
  table(columns: Column[], rows: string[][], empty: string): void {
    const doc = this.doc;
    const scale = this.width / columns.reduce((total, column) => total + column.width, 0);
    const widths = columns.map((column) => column.width * scale);
    const header = () => {
      doc.font(BOLD).fontSize(BODY_SIZE).fillColor('black');
      let x = MARGIN;
      columns.forEach((column, index) => {
        this.cell(column.title, x + 2, widths[index] - 4, column.align);
        x += widths[index];
      });
      this.y += ROW_HEIGHT - 4;
      doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(0.8).strokeColor('black').stroke();
      this.y += 4;
    };
    header();
    if (rows.length === 0) {
      doc.font(FONT).fontSize(BODY_SIZE).fillColor(MUTED);
      this.cell(empty, MARGIN + 2, this.width - 4);
      this.y += ROW_HEIGHT;
    }
    for (const row of rows) {
      if (this.ensure(ROW_HEIGHT)) header();
      doc.font(FONT).fontSize(BODY_SIZE).fillColor('black');
      let x = MARGIN;
      row.forEach((value, index) => {
        this.cell(value, x + 2, widths[index] - 4, columns[index].align);
        x += widths[index];
      });
      this.y += ROW_HEIGHT - 4;
      doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(0.3).strokeColor(RULE).stroke();
      this.y += 4;
    }
    this.y += 12;
  }

  closing(statement: MonthlyStatement): void {
    this.ensure(30);
    this.fact('Closing balance', `${groupedAmount(statement.closingBalance)} ${statement.currency}`, true);
    this.y += 12;
  }

  note(text: string): void {
    this.ensure(30);
    this.doc.font(FONT).fontSize(8).fillColor(MUTED).text(printable(text), MARGIN, this.y, { width: this.width });
    this.y = this.doc.y + 8;
  }

  /** "Page n of m" at the foot of every page, once all are laid out. */
  numberPages(): void {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      doc.switchToPage(index);
      // Writing below the bottom margin would otherwise start a page of its own.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font(FONT).fontSize(8).fillColor(MUTED).text(`Page ${index - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN, { width: this.width, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}

/**
 * The statement as a PDF (pdfkit, A4, the standard Helvetica fonts). `compress: false`
 * leaves the page contents readable as text, for tests.
 */
export function renderStatementPdf(statement: MonthlyStatement, options: { compress?: boolean } = {}): Promise<Buffer> {
  const title = `${statement.platformName} statement ${statement.month} ${statement.currency}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: printable(title), Author: printable(statement.platformName), Subject: 'Account statement', CreationDate: new Date(statement.generatedAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new StatementLayout(doc);
  layout.heading(statement);
  layout.balances(statement);
  layout.section('Transactions');
  layout.table(
    [
      { title: 'Date', width: 54 },
      { title: 'Reference', width: 120 },
      { title: 'Description', width: 189 },
      { title: 'Amount', width: 66, align: 'right' },
      { title: 'Balance', width: 66, align: 'right' },
    ],
    statement.lines.map((line) => [line.date.slice(0, 10), line.reference || '-', line.description, groupedAmount(line.amount), groupedAmount(line.balance)]),
    'No transactions in this period.',
  );
  layout.closing(statement);
  layout.section('Investments');
  layout.table(
    [
      { title: 'Type', width: 60 },
      { title: 'Status', width: 78 },
      { title: 'Amount', width: 70, align: 'right' },
      { title: 'Funded', width: 70, align: 'right' },
      { title: 'Accrued return', width: 72, align: 'right' },
      { title: 'Expected return', width: 74, align: 'right' },
      { title: 'Maturity', width: 62, align: 'right' },
    ],
    statement.investments.map((investment) => [
      TYPE_LABELS[investment.investmentType] ?? investment.investmentType,
      STATUS_LABELS[investment.status] ?? investment.status,
      groupedAmount(investment.amount),
      groupedAmount(investment.fundedAmount),
      groupedAmount(investment.accruedReturn),
      groupedAmount(investment.expectedReturnAmount),
      investment.maturityDate ?? '-',
    ]),
    `No investments in ${statement.currency} in this period.`,
  );
  layout.note(
    `Amounts in ${statement.currency}. The balances are of the available balance; money held for pending withdrawals, locked or invested is not part of it. ` +
      'Accrued returns are those accrued by the end of the period and are paid out at maturity.',
  );
  layout.numberPages();
  doc.end();
  return done;
}
