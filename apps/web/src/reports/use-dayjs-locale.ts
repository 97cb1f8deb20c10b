import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { Language } from '../i18n/i18n';
import { useLanguage } from '../i18n/use-language';

// The date pickers' own calendar (month and day names, first day of the week) comes from
// dayjs, not from antd's locale: each language's dayjs locale is loaded when first chosen.
const DAYJS_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
};

/** Switches dayjs (and so antd's date pickers) to the app's language; re-renders once the locale is there. */
export function useDayjsLocale(): void {
  const language = useLanguage();
  const [, setApplied] = useState<string>('en');
  useEffect(() => {
    let current = true;
    if (language === 'en') {
      dayjs.locale('en');
      setApplied('en');
    } else
      DAYJS_LOCALES[language]().then(
        () => {
          if (!current) return;
          dayjs.locale(language);
          setApplied(language);
        },
        () => undefined, // the English calendar rather than none
      );
    return () => {
      current = false;
    };
  }, [language]);
}
