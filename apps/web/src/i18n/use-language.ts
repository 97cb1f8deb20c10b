import { useSyncExternalStore } from 'react';
import { currentLanguage, i18n, type Language } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The language shown now, re-rendering when it changes (without waiting for any catalogue). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
