import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { validationErrorBody } from '../common/validation-errors';
import { BROADCAST_AUDIENCE_REQUIRED, BROADCAST_EXPIRY_INVALID, BroadcastPayload, isCalendarDateTime } from './commands';

const broadcast = { title: 'Scheduled Maintenance', message: 'The platform will be down.', type: 'warning', audience: { kind: 'all_customers' } };

async function problems(body: Record<string, unknown>) {
  const errors = await validate(plainToInstance(BroadcastPayload, body), { whitelist: true });
  return errors.length === 0 ? null : validationErrorBody(errors);
}

describe('a broadcast payload', () => {
  it('is valid with an audience and with or without a real expiry', async () => {
    expect(await problems(broadcast)).toBeNull();
    expect(await problems({ ...broadcast, expiresAt: null })).toBeNull();
    expect(await problems({ ...broadcast, expiresAt: '2030-02-01T12:00:00.000Z' })).toBeNull();
  });

  it.each([
    ['missing', {}],
    ['null', { audience: null }],
    ['a string', { audience: 'all_customers' }],
    ['a list', { audience: [{ kind: 'all_customers' }] }],
  ])('is refused with a clear message when the audience is %s', async (_case, audience) => {
    const body: Record<string, unknown> = { ...broadcast, ...audience };
    if (!('audience' in audience)) delete body.audience;
    expect(await problems(body)).toMatchObject({
      statusCode: 400,
      message: BROADCAST_AUDIENCE_REQUIRED,
      code: 'broadcast_audience_invalid',
      details: [{ field: 'audience', message: BROADCAST_AUDIENCE_REQUIRED, code: 'broadcast_audience_invalid' }],
    });
  });

  it.each(['2030-W05-3', '2030-060', '2030-02-31', '2029-02-29T10:00:00Z', '2030-13-01', '2030-04-31', '2030-02-01T24:00:00Z', '2030-02-01T12:60:00Z', '2030-02-01T12:00:00+25:00', '20300201', 'next week', ''])(
    'is refused when the expiry %p is not a real calendar date and time',
    async (expiresAt) => {
      expect(await problems({ ...broadcast, expiresAt })).toMatchObject({
        statusCode: 400,
        message: BROADCAST_EXPIRY_INVALID,
        code: 'broadcast_expiry_invalid',
        details: [{ field: 'expiresAt', message: BROADCAST_EXPIRY_INVALID, code: 'broadcast_expiry_invalid' }],
      });
    },
  );
});

describe('isCalendarDateTime', () => {
  it('accepts calendar dates and date-times that exist, as Date reads them', () => {
    for (const value of ['2030-02-01', '2028-02-29', '2030-02-01T12:00', '2030-02-01T12:00:59', '2030-02-01T12:00:00.123Z', '2030-12-31T23:59:59+05:30', '2030-02-01T00:00:00-08:00']) {
      expect({ value, valid: isCalendarDateTime(value) }).toEqual({ value, valid: true });
      expect(Number.isNaN(new Date(value).getTime())).toBe(false);
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 20300201, new Date(), {}]) expect(isCalendarDateTime(value)).toBe(false);
  });
});
