import { InexactNumber, jsonNumberText, moneyText } from '@portal/contracts';
import { parseJsonExactly } from './exact-json';

describe('parseJsonExactly', () => {
  it('gives what JSON.parse gives for bodies without numbers', () => {
    const text = '{"firstName":"Ada","tags":["a",null,true],"nested":{"x":"y"}}';
    expect(parseJsonExactly(text)).toEqual(JSON.parse(text));
  });

  it('keeps each number as written beside the value, where JSON.parse rounds it', () => {
    const body = parseJsonExactly('{"amount":99.999999999999999,"other":100.0000000000000001,"list":[1e2,100.50]}') as Record<string, unknown>;
    expect(JSON.parse('{"amount":99.999999999999999}').amount).toBe(100);
    expect(jsonNumberText(body, 'amount')).toBe('99.999999999999999');
    expect(jsonNumberText(body, 'other')).toBe('100.0000000000000001');
    expect(jsonNumberText(body.list, 0)).toBe('1e2');
    expect(jsonNumberText(body.list, 1)).toBe('100.50');
    expect(moneyText(body.amount, body, 'amount')).toBe('99.999999999999999');
  });

  it('turns a number a JS number holds exactly into that number, and one it cannot into an InexactNumber', () => {
    const body = parseJsonExactly('{"months":12,"rate":5.5,"hundred":1e2,"big":12345678901234567890,"huge":1e400,"long":0.1000000000000000000001}') as Record<string, unknown>;
    expect(body).toMatchObject({ months: 12, rate: 5.5, hundred: 100 });
    for (const key of ['big', 'huge', 'long']) {
      expect(body[key]).toBeInstanceOf(InexactNumber);
      expect(Number(body[key])).toBeNaN();
    }
    // Forwarded as data, an inexact number is its text, never a rounded number.
    expect(JSON.parse(JSON.stringify(body)).big).toBe('12345678901234567890');
  });

  it('hides the source texts from keys, JSON and spreading', () => {
    const body = parseJsonExactly('{"amount":100.5}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['amount']);
    expect(JSON.stringify(body)).toBe('{"amount":100.5}');
    expect(jsonNumberText({ ...body }, 'amount')).toBeUndefined();
  });

  it('keeps the last of a repeated key, as JSON.parse does', () => {
    const body = parseJsonExactly('{"amount":1,"amount":99.999999999999999}') as Record<string, unknown>;
    expect(jsonNumberText(body, 'amount')).toBe('99.999999999999999');
  });

  it('keeps __proto__ an ordinary field, as JSON.parse does', () => {
    const body = parseJsonExactly('{"__proto__":{"polluted":1},"amount":5}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(body)).toEqual(['__proto__', 'amount']);
  });

  it('refuses malformed JSON like JSON.parse', () => {
    for (const text of ['{"amount": 01}', '{"amount": .5}', '{"amount": 1.}', '{1: 2}', '{"a": NaN}', '{"a": 1', '']) {
      expect(() => parseJsonExactly(text)).toThrow(SyntaxError);
    }
  });

  it('reads nesting deeper than its own parser can descend, for the depth check to refuse', () => {
    const text = '{"amount":1.001,"deep":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}';
    expect(parseJsonExactly(text)).toMatchObject({ amount: 1.001 });
  });
});
