import { PERFORMANCE_MESSAGES } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { performancePeriod } from './portfolio-performance';

const refusal = (query: { from?: string; to?: string }) => {
  try {
    performancePeriod(query, '2026-03-01');
  } catch (error) {
    return (error as ServiceError).body;
  }
  throw new Error('not refused');
};

describe('the period of a performance', () => {
  it('is the last 90 days up to today by default, or 90 days up to the end given', () => {
    expect(performancePeriod({}, '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(performancePeriod({ to: '2025-12-31' }, '2026-03-01')).toEqual({ from: '2025-10-03', to: '2025-12-31' });
    expect(performancePeriod({ from: '2026-02-01' }, '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(performancePeriod({ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it('covers five years at most, leap days included', () => {
    expect(performancePeriod({ from: '2021-03-01' }, '2026-03-01')).toEqual({ from: '2021-03-01', to: '2026-03-01' });
    expect(refusal({ from: '2021-02-28' })).toMatchObject({ statusCode: 400, code: 'performance_period_too_long', message: PERFORMANCE_MESSAGES.tooLong });
  });

  it('refuses days that do not exist, an end after today and a start after the end', () => {
    expect(refusal({ from: '2025-02-29' })).toMatchObject({ statusCode: 400, message: PERFORMANCE_MESSAGES.dateInvalid, details: [{ field: 'from' }] });
    expect(refusal({ to: '2026-13-01' })).toMatchObject({ statusCode: 400, message: PERFORMANCE_MESSAGES.dateInvalid, details: [{ field: 'to' }] });
    expect(refusal({ to: '2026-03-02' })).toMatchObject({ statusCode: 400, code: 'performance_period_in_future' });
    expect(refusal({ from: '2026-02-02', to: '2026-02-01' })).toMatchObject({ statusCode: 400, code: 'performance_period_order' });
  });
});
