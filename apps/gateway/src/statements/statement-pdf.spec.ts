import { MonthlyStatement } from '@portal/contracts';
import { groupedAmount, printable, renderStatementPdf, statementFileName } from './statement-pdf';

/**
 * The text shown on the pages of an uncompressed PDF from pdfkit: each text-showing
 * operator's hex strings (pdfkit writes text as `[<48656c6c6f> 40 <57>] TJ`, kerning between).
 */
function pageText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\] TJ/g)].map((operator) =>
    [...operator[1].matchAll(/<([0-9a-f]*)>/g)]
      .map((hex) => Buffer.from(hex[1], 'hex').toString('latin1'))
      .join('')
      // Windows-1252's ellipsis, which the cut-short cells end with.
      .replace(/\x85/g, '…'),
  );
}

const statement = (overrides: Partial<MonthlyStatement> = {}): MonthlyStatement => ({
  platformName: 'Acme Invest',
  customer: { name: 'Ada Lovelace', email: 'ada@example.test' },
  currency: 'USD',
  month: '2026-04',
  period: { from: '2026-04-01', to: '2026-04-30' },
  toDate: false,
  generatedAt: '2026-05-02T09:30:00.000Z',
  openingBalance: '5000.00',
  closingBalance: '4800.00',
  totalIn: '1000.00',
  totalOut: '1200.00',
  lines: [
    { date: '2026-04-05T12:00:00.000Z', reference: 'DEP-1775390400-AB12', type: 'deposit', description: 'Bank deposit of 1000.00 USD from First Bank', amount: '1000.00', balance: '6000.00' },
    { date: '2026-04-20T12:00:00.000Z', reference: 'WDR-1776686400-CD34', type: 'withdrawal', description: 'Withdrawal of 1200.00 USD to First Bank (Ada Lovelace)', amount: '-1200.00', balance: '4800.00' },
  ],
  investments: [
    {
      id: '3f1e9a2c-5b7d-4e8f-9a1b-2c3d4e5f6a7b',
      investmentType: 'personal',
      status: 'active',
      amount: '10000.00',
      fundedAmount: '10000.00',
      accruedReturn: '12.30',
      expectedReturnAmount: '750.00',
      maturityDate: '2027-04-10',
    },
  ],
  ...overrides,
});

describe('the PDF of a monthly statement', () => {
  it('is a PDF with the platform, customer, period, balances, every line and the investments', async () => {
    const pdf = await renderStatementPdf(statement(), { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pageText(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        'Acme Invest',
        'Account statement',
        'Ada Lovelace (ada@example.test)',
        'USD (available balance)',
        '2026-04-01 to 2026-04-30',
        'Opening balance',
        '5,000.00 USD',
        'Closing balance',
        '4,800.00 USD',
        'DEP-1775390400-AB12',
        'Bank deposit of 1000.00 USD from First Bank',
        '1,000.00',
        '6,000.00',
        '-1,200.00',
        '4,800.00',
        'Personal',
        'Active',
        '10,000.00',
        '12.30',
        '750.00',
        '2027-04-10',
        'Page 1 of 1',
      ]),
    );
  });

  it('says so when the period has no transactions or investments, and marks a month to date', async () => {
    const text = pageText(
      await renderStatementPdf(statement({ customer: null, toDate: true, lines: [], investments: [], openingBalance: '0.00', closingBalance: '0.00', totalIn: '0.00', totalOut: '0.00', currency: 'EUR' }), {
        compress: false,
      }),
    );
    expect(text).toEqual(expect.arrayContaining(['Account statement (month to date)', 'No transactions in this period.', 'No investments in EUR in this period.', '0.00 EUR']));
    expect(text.join(' ')).not.toContain('Customer');
  });

  it('runs a long month onto numbered pages, repeating the table header', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => ({
      date: '2026-04-05T12:00:00.000Z',
      reference: `DEP-${index}`,
      type: 'deposit',
      description: `Deposit number ${index} with a description long enough to be cut short at the edge of its column`,
      amount: '10.00',
      balance: `${(index + 1) * 10}.00`,
    }));
    const text = pageText(await renderStatementPdf(statement({ lines }), { compress: false }));
    const pages = text.filter((line) => /^Page \d+ of \d+$/.test(line));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text.filter((line) => line === 'Reference').length).toBeGreaterThanOrEqual(pages.length);
    expect(text).toEqual(expect.arrayContaining(['DEP-119', '1,200.00']));
    expect(text.find((line) => line.startsWith('Deposit number 7 '))).toMatch(/…$/);
  });

  it('compresses its pages by default', async () => {
    const pdf = await renderStatementPdf(statement());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
  });

  it('names the file after the month and currency, and formats amounts and text for the page', () => {
    expect(statementFileName({ month: '2026-04', currency: 'EUR' })).toBe('statement-2026-04-EUR.pdf');
    expect(groupedAmount('-1234567.80')).toBe('-1,234,567.80');
    expect(groupedAmount('999.99')).toBe('999.99');
    expect(printable('Zoë Łukasz Ő 李\u0007 “€”')).toBe('Zoë Lukasz O ? “€”');
  });
});
