import { useState } from 'react';

/** A list's place among its cursor pages (API.md's `?cursor=`), as CursorPager shows it. */
export interface CursorPages {
  /** The cursor of the page shown; none for the first. */
  cursor: string | undefined;
  /** The page shown, from 1. */
  page: number;
  previous: () => void;
  next: (nextCursor: string) => void;
}

/**
 * The cursors of the pages seen so far, so Previous goes back without re-reading from the
 * start. They belong to one search: another `filter` (compared by value) starts again at
 * the first page.
 */
export function useCursorPages(filter: unknown): CursorPages {
  const key = JSON.stringify(filter ?? null);
  const [seen, setSeen] = useState<{ key: string; cursors: (string | undefined)[] }>({ key, cursors: [undefined] });
  const cursors = seen.key === key ? seen.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    previous: () => setSeen({ key, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
    next: (nextCursor) => setSeen({ key, cursors: [...cursors, nextCursor] }),
  };
}
