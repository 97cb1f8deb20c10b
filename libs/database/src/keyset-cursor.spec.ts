import { afterPositionSql, decodeKeysetCursor as decodeCursor, encodeKeysetCursor as encodeCursor, InvalidCursorError, keysetPage } from './keyset-cursor';

const id = '3f2c1a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const at = '2026-11-30T05:13:07.123456Z';
const crafted = (text: string) => Buffer.from(text).toString('base64url');

describe('keyset cursors', () => {
  it('reads back the position and the numbers it carries, to the microsecond', () => {
    expect(decodeCursor(encodeCursor({ at, id }))).toEqual({ at, id, carried: [] });
    expect(decodeCursor(encodeCursor({ at, id }, [42, 1]), 2)).toEqual({ at, id, carried: [42, 1] });
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['empty', ''],
    ['not a position', crafted('hello')],
    ['a date that does not exist', crafted(`2024-02-30T00:00:00.000000Z|${id}`)],
    ['an hour past midnight', crafted(`2024-02-01T24:00:00.000000Z|${id}`)],
    ['year zero', crafted(`0000-01-01T00:00:00.000000Z|${id}`)],
    ['not an id', crafted(`${at}|not-a-uuid`)],
    ['a millisecond timestamp', crafted(`2026-11-30T05:13:07.123Z|${id}`)],
    ['trailing text', crafted(`${at}|${id}|x`)],
  ])('refuses %s', (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(InvalidCursorError);
  });

  it('refuses a cursor carrying more or fewer numbers than the list writes', () => {
    expect(() => decodeCursor(encodeCursor({ at, id }, [3]))).toThrow(InvalidCursorError);
    expect(() => decodeCursor(encodeCursor({ at, id }), 1)).toThrow(InvalidCursorError);
  });

  it('compares the order columns with bound values only', () => {
    const values: string[] = [];
    const sql = afterPositionSql('created_at', 'id', { at, id }, (value) => `$${values.push(value)}`);
    expect({ sql, values }).toEqual({ sql: '(created_at, id) < (CAST($1 AS timestamptz), CAST($2 AS uuid))', values: [at, id] });
  });

  it('answers a next cursor only when a row beyond the page was read', () => {
    const rows = [1, 2, 3].map((n) => ({ at, id: id.replace('3f', `0${n}`) }));
    const full = keysetPage(rows, 2, (row) => row);
    expect(full.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(full.nextCursor as string)).toEqual({ ...rows[1], carried: [] });
    expect(keysetPage(rows, 3, (row) => row)).toEqual({ rows, nextCursor: null });
  });
});
