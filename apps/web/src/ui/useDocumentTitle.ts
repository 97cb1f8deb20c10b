import { useEffect } from 'react';
import { i18n } from '../i18n/i18n';

/** Names the browser tab after the screen, so history and tabs stay readable. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const brand = i18n.t('ui:brand');
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title]);
}
