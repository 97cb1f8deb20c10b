import type { ReactNode } from 'react';

const SLOT = '\u0001';

/**
 * A translated sentence with one value in bold, wherever the language places it. Instead of
 * react-i18next's Trans, whose helpers would land in the sign-in page's shared chunk.
 * `text(slot)` returns the sentence with `slot` where the value goes.
 */
export function WithStrong({ text, value }: { text: (slot: string) => string; value: ReactNode }) {
  const [before, after = ''] = text(SLOT).split(SLOT);
  return (
    <>
      {before}
      <strong>{value}</strong>
      {after}
    </>
  );
}
