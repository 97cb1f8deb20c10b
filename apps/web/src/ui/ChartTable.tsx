import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartTableColumn {
  key: string;
  title: string;
  /** Amounts and counts line up on the right. */
  numeric?: boolean;
}

export type ChartTableRow = { key: string } & Record<string, ReactNode>;

const ChartTableView = lazy(() => import('./ChartTableView'));

/**
 * Issue 30 (WCAG 1.1.1, 1.4.1): a chart's figures as a table, from the very rows the chart
 * draws, behind a "Show as table" toggle under the chart. The chart stays one image to
 * assistive technology; this is where its every figure can be read, by anyone.
 */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: ChartTableColumn[]; rows: ChartTableRow[] }) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div style={{ marginTop: 8 }}>
      <Button type="link" size="small" style={{ paddingInline: 0 }} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('chartTable.hide') : t('chartTable.show')}
      </Button>
      <div id={id} hidden={!open}>
        {open && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
            <ChartTableView caption={caption} columns={columns} rows={rows} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
