import { cleanApplicationText, TEXT_LIMIT } from './application-inputs';

describe('free text of an application (spec 01 §5)', () => {
  it('removes < > " \', trims and cuts to the limit', () => {
    expect(cleanApplicationText('  <b>"Ada"</b> ')).toBe('bAda/b');
    expect(cleanApplicationText('x'.repeat(1200))).toHaveLength(TEXT_LIMIT);
  });

  it('keeps nothing of blank text or of a value that is not text', () => {
    for (const value of ['   ', '<>', null, undefined, 42]) expect(cleanApplicationText(value)).toBeNull();
  });
});
