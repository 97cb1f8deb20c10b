import { findUnsafeInput, MAX_INPUT_DEPTH } from './input-safety';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { inner: value };
  return value;
}

describe('input safety', () => {
  it('accepts ordinary text, including line breaks, tabs and emoji', () => {
    expect(findUnsafeInput({ message: 'Hello,\n\tthere 👋 — ünïcode', items: [1, true, null, { note: 'ok' }] })).toBeNull();
  });

  it('names the field that holds a NUL byte or another control character', () => {
    expect(findUnsafeInput({ email: 'a\u0000b@example.com' })).toEqual({ field: 'email', message: 'email contains a control character, which is not allowed.' });
    expect(findUnsafeInput({ profile: { names: ['ok', 'bell\u0007'] } })?.field).toBe('profile.names.1');
    expect(findUnsafeInput({ text: 'delete\u007f' })?.field).toBe('text');
  });

  it('refuses unpaired surrogates but not paired ones', () => {
    expect(findUnsafeInput({ firstName: '\ud800' })).toEqual({ field: 'firstName', message: 'firstName contains an invalid character (an unpaired surrogate).' });
    expect(findUnsafeInput({ firstName: 'x\udc00' })?.field).toBe('firstName');
    expect(findUnsafeInput({ firstName: '\ud83d\ude00' })).toBeNull();
  });

  it('refuses control characters in field names', () => {
    expect(findUnsafeInput({ 'bad\u0000key': 1 })?.message).toBe('A field name contains a control character, which is not allowed.');
  });

  it('refuses nesting deeper than any contract needs, without overflowing on absurd depth', () => {
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH - 1))).toBeNull();
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH + 1))?.message).toBe(`The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
    expect(findUnsafeInput(nested(100_000))).not.toBeNull();
  });
});
