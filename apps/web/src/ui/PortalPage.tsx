import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** Title block of a portal page, named after the screen in the specification. */
export function PortalPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title">
      <Typography.Title id="page-title" level={2} style={{ marginTop: 0, marginBottom: description ? 4 : 24 }}>
        {title}
      </Typography.Title>
      {description && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          {description}
        </Typography.Paragraph>
      )}
      {children}
    </section>
  );
}
