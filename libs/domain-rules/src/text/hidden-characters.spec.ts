import { hasHiddenCharacters, withoutDirectionControls } from './hidden-characters';

const REFUSED = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'].map((character) => [`Ada${character}nimda`, 'text direction']),
  ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'].map((character) => [`Ad${character}a`, 'zero width']),
];
const ACCEPTED = ['Ada', 'Zoë Ångström', 'Jean-Luc O’Neil', 'محمد', 'אדה', '王小明', 'Ada Lovelace (née Byron)'];

describe('names that cannot pose as others (issue 29)', () => {
  it.each(REFUSED)('refuses %j (%s)', (name) => expect(hasHiddenCharacters(name)).toBe(true));
  it.each(ACCEPTED)('accepts %j, right-to-left scripts included', (name) => expect(hasHiddenCharacters(name)).toBe(false));
  it('drops only the direction controls from a subject', () => expect(withoutDirectionControls('Refund \u202Eexe.gnp\u202C\u200B')).toBe('Refund exe.gnp\u200B'));
});
