import Table, { type TableProps } from 'antd/es/table';
import { useEffect, useRef, type ComponentRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The parts of an antd table that scroll: sideways (`.ant-table-content`) or, with a fixed header, down (`.ant-table-body`). */
const SCROLLING_PARTS = '.ant-table-content, .ant-table-body';

/**
 * Marks each scrolling part of the table as a named region the keyboard can reach while, and
 * only while, it has more than it shows: a table wider than a phone, with no button in its
 * rows, could otherwise not be scrolled without a mouse (WCAG 2.1.1; axe's
 * scrollable-region-focusable). A part that fits is no stop on the Tab key.
 */
function markScrollingParts(table: HTMLElement, label: string) {
  for (const part of table.querySelectorAll<HTMLElement>(SCROLLING_PARTS)) {
    const overflows = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
    if (overflows) {
      part.tabIndex = 0;
      part.setAttribute('role', 'region');
      part.setAttribute('aria-label', label);
    } else if (part.hasAttribute('tabindex')) {
      part.removeAttribute('tabindex');
      part.removeAttribute('role');
      part.removeAttribute('aria-label');
    }
  }
}

/**
 * antd's Table, whose scrolling parts can be reached and scrolled with the keyboard. Use it
 * for every table that may scroll (a `scroll` prop, or more columns than a phone shows).
 */
export function DataTable<T extends object>(props: TableProps<T>) {
  const { t } = useTranslation('ui');
  const table = useRef<ComponentRef<typeof Table>>(null);
  const label = t('scrollableTable');

  useEffect(() => {
    const element = table.current?.nativeElement;
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markScrollingParts(element, label));
    };
    markScrollingParts(element, label);
    // Rows arrive, pages change and the window turns: each can start or end an overflow.
    const mutations = new MutationObserver(update);
    mutations.observe(element, { childList: true, subtree: true });
    const resizes = new ResizeObserver(update);
    resizes.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      resizes.disconnect();
    };
  }, [label]);

  return <Table<T> ref={table} {...props} />;
}
