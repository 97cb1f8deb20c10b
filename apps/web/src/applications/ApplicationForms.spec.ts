import { sanitise } from './ApplicationForms';

describe('the forms mirror the server sanitising', () => {
  it('removes < > " \', trims, cuts to 1000 and ignores empty or absent values', () => {
    expect(sanitise('  <b>"Ada"</b> ')).toBe('bAda/b');
    expect(sanitise('x'.repeat(1200))).toHaveLength(1000);
    expect(sanitise('   ')).toBeUndefined();
    expect(sanitise(null)).toBeUndefined();
    expect(sanitise(undefined)).toBeUndefined();
  });
});
