import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../ui/BrandMark';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/**
 * Frame of the sign-in family of pages: brand bar, one centred card, footer. Card, title
 * and subtitle are plain markup styled like antd's (styles.css): sign-in is the page most
 * visits start on, and antd's Card and Typography would bring Tabs, Menu, Tooltip and
 * the text editor into its first load for nothing but looks.
 */
export function AuthLayout({
  title,
  subtitle,
  documentTitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  documentTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  useDocumentTitle(documentTitle);
  return (
    <div className="public-page">
      <header className="public-topbar">
        <BrandMark onDark />
      </header>
      <main className="auth-main">
        <section className="plain-card auth-card">
          {title && <h1 className="auth-title">{title}</h1>}
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
      <footer className="public-footer">{t('footer')}</footer>
    </div>
  );
}
