import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { BrandMark } from '../ui/BrandMark';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** Frame of the sign-in family of pages: brand bar, one centred card, footer. */
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
  useDocumentTitle(documentTitle);
  return (
    <div className="public-page">
      <header className="public-topbar">
        <BrandMark onDark />
      </header>
      <main className="auth-main">
        <Card className="auth-card">
          {title && (
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {title}
            </Typography.Title>
          )}
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </Card>
      </main>
      <footer className="public-footer">Investment Portal · Secure sign-in</footer>
    </div>
  );
}
