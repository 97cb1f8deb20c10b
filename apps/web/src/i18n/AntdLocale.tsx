import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from './i18n';
import { useLanguage } from './use-language';

// antd's own texts (pagination, empty tables, date pickers, confirm buttons) in the shown
// language; English is antd's default, the others are loaded when chosen.
const ANTD_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  es: () => import('antd/es/locale/es_ES').then((module) => module.default),
  fr: () => import('antd/es/locale/fr_FR').then((module) => module.default),
  de: () => import('antd/es/locale/de_DE').then((module) => module.default),
};

/** Switches antd's locale with the app's language. */
export function AntdLocale({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (language === 'en') setLocale(undefined);
    else
      ANTD_LOCALES[language]().then(
        (loaded) => current && setLocale(loaded),
        () => current && setLocale(undefined), // antd's English rather than nothing
      );
    return () => {
      current = false;
    };
  }, [language]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
