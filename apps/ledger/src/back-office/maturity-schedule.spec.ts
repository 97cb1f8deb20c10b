import { mondayOf, weeksBetween } from './maturity-schedule';

describe('the weeks of the maturity schedule', () => {
  it('start on Monday, as PostgreSQL counts ISO weeks', () => {
    expect(mondayOf('2027-01-04')).toBe('2027-01-04'); // a Monday
    expect(mondayOf('2027-01-14')).toBe('2027-01-11'); // a Thursday
    expect(mondayOf('2027-07-04')).toBe('2027-06-28'); // a Sunday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it('are every week from the first day to the last, both included', () => {
    expect(weeksBetween('2027-01-14', '2027-01-14')).toEqual(['2027-01-11']);
    expect(weeksBetween('2027-01-14', '2027-01-18')).toEqual(['2027-01-11', '2027-01-18']);
    expect(weeksBetween('2027-01-14', '2027-04-13')).toHaveLength(14);
  });
});
