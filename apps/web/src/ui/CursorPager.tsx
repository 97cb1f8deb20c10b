import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './number-format';
import type { CursorPages } from './use-cursor-pages';

interface CursorPagerProps {
  pages: CursorPages;
  /** The shown page's nextCursor: null on the last page, undefined while it loads. */
  nextCursor: string | null | undefined;
  /** With the list's total and page size, the pager names the number of pages. */
  total?: number;
  limit?: number;
  /** Nothing at all when everything fits on the first page. */
  hideOnSinglePage?: boolean;
  /** Shown before the buttons (a count of what matches, say). */
  children?: ReactNode;
}

/** Previous and Next over a cursor-paged list (useCursorPages), with the page shown. */
export function CursorPager({ pages, nextCursor, total, limit, hideOnSinglePage, children }: CursorPagerProps) {
  const { t } = useTranslation('ui');
  if (hideOnSinglePage && pages.page === 1 && nextCursor === null) return null;
  const page = formatNumber(pages.page);
  return (
    <Space wrap style={{ marginTop: 16 }}>
      {children}
      <Button disabled={pages.page === 1} onClick={pages.previous}>
        {t('pager.previous')}
      </Button>
      <Typography.Text>
        {total !== undefined && limit ? t('pager.pageOf', { page, pages: formatNumber(Math.max(1, Math.ceil(total / limit))) }) : t('pager.page', { page })}
      </Typography.Text>
      <Button disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        {t('pager.next')}
      </Button>
    </Space>
  );
}
