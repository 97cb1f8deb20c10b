import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Details = Record<string, unknown>;

const NONE = '—';

const isRecord = (value: unknown): value is Details => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value on one line: nested objects as (key: value, …), lists as a, b, c; never JSON. */
export function compactValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(compactValue).join(', ');
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? NONE : `(${entries.map(([key, inner]) => `${key}: ${compactValue(inner)}`).join(', ')})`;
  }
  return String(value);
}

/** The details on one line: key: value pairs separated by a middle dot. */
export function detailsSummary(details: Details | null | undefined): string {
  const entries = Object.entries(details ?? {});
  return entries.map(([key, value]) => `${key}: ${compactValue(value)}`).join(' · ');
}

const CLAMPED: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  whiteSpace: 'normal',
  fontSize: 12,
};

/** Every pair, one a line; nested objects (and lists of them) as indented pairs of their own. */
function DetailList({ details }: { details: Details }): ReactNode {
  return (
    <dl style={{ margin: 0 }}>
      {Object.entries(details).map(([key, value]) => (
        <div key={key} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
          <dt style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{key}:</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
            {isRecord(value) && Object.keys(value).length > 0 ? (
              <DetailList details={value} />
            ) : Array.isArray(value) && value.some(isRecord) ? (
              value.map((item, index) => (isRecord(item) ? <DetailList key={index} details={item} /> : <div key={index}>{compactValue(item)}</div>))
            ) : (
              compactValue(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Details cell of the audit log: a short key: value summary wrapping within the column
 * (two lines at most), with every detail in a popover.
 */
export function AuditDetails({ details }: { details: Details | null | undefined }) {
  const { t } = useTranslation('reports');
  const summary = detailsSummary(details);
  if (!summary || !details) return <Typography.Text type="secondary">{NONE}</Typography.Text>;
  return (
    <div style={{ minWidth: 0 }}>
      {/* A plain element: antd's Typography replaces any WebkitLineClamp given in its style. */}
      <span style={CLAMPED}>{summary}</span>
      <Popover
        trigger="click"
        placement="left"
        title={t('audit.details')}
        content={
          <div style={{ maxWidth: 420, maxHeight: 360, overflow: 'auto', fontSize: 12 }} data-testid="audit-details-full">
            <DetailList details={details} />
          </div>
        }
      >
        <Button type="link" size="small" style={{ padding: 0, height: 'auto', fontSize: 12 }}>
          {t('audit.showDetails')}
        </Button>
      </Popover>
    </div>
  );
}
