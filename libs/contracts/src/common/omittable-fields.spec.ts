import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ResendConfirmationPayload, RefreshSessionPayload } from '../identity/auth';
import { RecordSecurityEventPayload } from '../identity/audit';
import { DecideKycBody, ReviewKycDocumentBody } from '../kyc/documents';
import { VerificationStepBody } from '../kyc/verification';
import { DecideCardRequestBody } from '../ledger/cards';
import { CreateSecurityDepositPayload, PayInvestmentPayload, RejectTransactionBody, RequestDepositPayload, RequestWithdrawalPayload } from '../ledger/commands';
import { BroadcastAudience, BroadcastPayload } from '../notification/commands';

const USER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** Optional fields whose null means nothing: left out they are fine, sent as null they are refused (issue 29). */
const OMITTABLE: [string, new () => object, Record<string, unknown>, string][] = [
  ['deposit currency', RequestDepositPayload, { method: 'crypto', amount: '100.00' }, 'currency'],
  ['withdrawal currency', RequestWithdrawalPayload, { accountName: 'Ada', accountNumber: 'DE89370400440532013000', bankName: 'B', bankBranchAddress: 'A', swiftCode: 'DEUTDEFF', amount: '100.00' }, 'currency'],
  ['payment currency', PayInvestmentPayload, { investmentId: USER_ID, amount: '100.00', paymentMethod: 'balance' }, 'currency'],
  ['payment type', PayInvestmentPayload, { investmentId: USER_ID, amount: '100.00', paymentMethod: 'balance' }, 'investmentType'],
  ['security deposit investment', CreateSecurityDepositPayload, { userId: USER_ID, amount: '100.00' }, 'investmentId'],
  ['security deposit lock reason', CreateSecurityDepositPayload, { userId: USER_ID, amount: '100.00' }, 'lockReason'],
  ['card decision reason', DecideCardRequestBody, { decision: 'approved' }, 'reason'],
  ['card tracking number', DecideCardRequestBody, { decision: 'approved' }, 'trackingNumber'],
  ['KYC review notes', ReviewKycDocumentBody, { decision: 'approved' }, 'notes'],
  ['KYC decision notes', DecideKycBody, { decision: 'verified' }, 'notes'],
  ['verification still', VerificationStepBody, { step: 'face' }, 'fileId'],
  ['resend token', ResendConfirmationPayload, { email: 'ada@example.test' }, 'token'],
  ['refresh token', RefreshSessionPayload, {}, 'refreshToken'],
  ['security event details', RecordSecurityEventPayload, { type: 'unauthorized_access', path: '/admin' }, 'details'],
  ['broadcast recipient', BroadcastAudience, { kind: 'user' }, 'userId'],
];

async function problemsOf(payload: new () => object, body: Record<string, unknown>, field: string): Promise<unknown> {
  const errors = await validate(plainToInstance(payload, body));
  return errors.find((error) => error.property === field)?.constraints;
}

describe('optional fields: left out, or sent with a value, never null', () => {
  it.each(OMITTABLE)('%s: null is refused, absent is fine', async (_name, payload, base, field) => {
    expect(await problemsOf(payload, { ...base, [field]: null }, field)).toBeDefined();
    if (field !== 'userId') expect(await problemsOf(payload, base, field)).toBeUndefined();
  });

  it('requires a transaction rejection to say why: absent, null or blank is refused (issue 30)', async () => {
    for (const reason of [undefined, null, '', '   ']) {
      expect(await problemsOf(RejectTransactionBody, reason === undefined ? {} : { reason }, 'reason')).toMatchObject({ isNotEmpty: 'Please enter a reason for the rejection.' });
    }
    expect(await problemsOf(RejectTransactionBody, { reason: ' Funds never arrived ' }, 'reason')).toBeUndefined();
  });

  it('keeps null where it means something: a broadcast that never expires', async () => {
    const broadcast = { title: 'Hello', message: 'News', type: 'system', expiresAt: null, audience: { kind: 'all' } };
    expect(await problemsOf(BroadcastPayload, broadcast, 'expiresAt')).toBeUndefined();
  });
});
