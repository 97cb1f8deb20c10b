import { isRealTimestamp } from './timestamps';

describe('timestamps the ledger passes to PostgreSQL', () => {
  it('accepts real days and times in the ISO forms PostgreSQL reads', () => {
    for (const text of [
      '2024-02-29',
      '2000-02-29',
      '2024-02-29T10:00Z',
      '2024-02-29t10:00z',
      '2024-02-29 10:00:00.123456789+0530',
      '2024-02-29T10:00:00-12:00',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
    ]) {
      expect({ text, real: isRealTimestamp(text) }).toEqual({ text, real: true });
    }
  });

  it('refuses the ISO shape of a day or time that does not exist, and other shapes', () => {
    for (const text of ['2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '0000-01-01', '2024-01-01T24:00:00Z', '2024-01-01T10:60Z', '2024-01-01T10:00:60Z', '2024', '2024-01-01Z', '2024-W01', '']) {
      expect({ text, real: isRealTimestamp(text) }).toEqual({ text, real: false });
    }
    expect(isRealTimestamp(undefined)).toBe(false);
  });
});
