import { useEffect } from 'react';

/** Names the browser tab after the screen, so history and tabs stay readable. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Investment Portal` : 'Investment Portal';
  }, [title]);
}
