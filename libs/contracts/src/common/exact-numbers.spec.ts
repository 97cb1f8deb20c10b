import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateSecurityDepositPayload, PayInvestmentPayload, RequestDepositPayload, RequestWithdrawalPayload } from '../ledger/commands';
import { InexactNumber, moneyText, rememberNumberTexts, withMoneyTexts } from './exact-numbers';

/** A body as the gateway's parser leaves it: the number, with its source text beside it. */
function sent(fields: Record<string, unknown>, numberTexts: Record<string, string> = {}): Record<string, unknown> {
  const body = { ...fields };
  rememberNumberTexts(body, numberTexts);
  return body;
}

const bodies = {
  deposit: (amount: unknown) => ({ method: 'crypto', amount }),
  withdrawal: (amount: unknown) => ({ accountName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000', bankName: 'Bank', bankBranchAddress: 'Main St 1', swiftCode: 'DEUTDEFF', amount }),
  payment: (amount: unknown) => ({ investmentId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', amount, paymentMethod: 'balance' }),
  securityDeposit: (amount: unknown) => ({ userId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', amount }),
};
const classes = { deposit: RequestDepositPayload, withdrawal: RequestWithdrawalPayload, payment: PayInvestmentPayload, securityDeposit: CreateSecurityDepositPayload };

async function amountProblems(kind: keyof typeof bodies, amount: unknown, sourceText?: string): Promise<string[]> {
  const payload = plainToInstance(classes[kind] as new () => object, sent(bodies[kind](amount), sourceText === undefined ? {} : { amount: sourceText }));
  const errors = await validate(payload, { whitelist: true });
  return errors.filter((error) => error.property === 'amount').flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('money amounts as the client wrote them', () => {
  it.each(Object.keys(bodies) as (keyof typeof bodies)[])('%s: refuses a number written with more than two decimals or in exponent form, though it parses to a round amount', async (kind) => {
    // [the number JSON.parse makes of it, the text the client sent]
    const cases: [number | InexactNumber, string][] = [
      [100, '99.999999999999999'],
      [100, '100.0000000000000001'],
      [100.001, '100.001'],
      [100, '1e2'],
      [100, '100.000'],
      [new InexactNumber('1e400'), '1e400'],
    ];
    for (const [parsed, text] of cases) expect({ text, problems: await amountProblems(kind, parsed, text) }).toEqual({ text, problems: [expect.any(String)] });
  });

  it.each(Object.keys(bodies) as (keyof typeof bodies)[])('%s: refuses such an amount sent as a string', async (kind) => {
    for (const text of ['100.001', '99.999999999999999', '1e2', '100.0000000000000001']) expect(await amountProblems(kind, text)).toHaveLength(1);
  });

  it.each(Object.keys(bodies) as (keyof typeof bodies)[])('%s: takes 100.5, 100.50 and "100.50", and forwards the text', async (kind) => {
    expect(await amountProblems(kind, 100.5, '100.5')).toEqual([]);
    expect(await amountProblems(kind, 100.5, '100.50')).toEqual([]);
    expect(await amountProblems(kind, '100.50')).toEqual([]);
    const payload = plainToInstance(classes[kind] as new () => { amount: unknown }, sent(bodies[kind](100.5), { amount: '100.50' }));
    expect(payload.amount).toBe('100.50');
  });

  it('without a recorded source text, reads a number in its shortest form', () => {
    expect(moneyText(100.5)).toBe('100.5');
    expect(moneyText(1e21)).toBe('1e+21');
    expect(moneyText('100.50')).toBe('100.50');
    expect(moneyText(null)).toBeNull();
  });

  it('gives the listed fields of a free-form value their source texts, and leaves the rest', () => {
    const value = sent({ minimumWithdrawal: 100, fourEyesThreshold: 5000, withdrawalRequiresKyc: true, investmentFundingDays: 30 }, { minimumWithdrawal: '99.999999999999999', investmentFundingDays: '30' });
    expect(withMoneyTexts(value, ['minimumWithdrawal', 'fourEyesThreshold'])).toEqual({ minimumWithdrawal: '99.999999999999999', fourEyesThreshold: '5000', withdrawalRequiresKyc: true, investmentFundingDays: 30 });
    expect(withMoneyTexts('text', ['minimumWithdrawal'])).toBe('text');
  });
});
