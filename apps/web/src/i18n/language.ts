import { i18n, isLanguage, type Language } from './i18n';

/** Remembered on this device, so pages before sign-in (and after sign-out) keep the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The browser's first language the portal speaks ("de-AT" → de). */
function deviceLanguage(): Language | null {
  const wanted = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of wanted) {
    const language = tag?.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  return null;
}

/** Before sign-in: the language last used on this device, else the browser's, else English. */
export function initialLanguage(): Language {
  return storedLanguage() ?? deviceLanguage() ?? 'en';
}

/** Shows the app in `language` and remembers it on this device (saved preferences call this after sign-in). */
export async function applyLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice holds for this visit.
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
