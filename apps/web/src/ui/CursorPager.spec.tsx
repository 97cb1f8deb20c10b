import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CursorPager } from './CursorPager';
import { useCursorPages } from './use-cursor-pages';

/** A list of three pages of 2 (5 rows), its next cursor named after the page that follows. */
function PagedList({ hideOnSinglePage, total = 5 }: { hideOnSinglePage?: boolean; total?: number }) {
  const [filter, setFilter] = useState('all');
  const pages = useCursorPages({ filter });
  const shown = pages.cursor ?? 'first';
  const nextCursor = total <= 2 ? null : ({ first: 'second', second: 'third', third: null } as Record<string, string | null>)[shown];
  return (
    <>
      <p>showing {shown}</p>
      <button onClick={() => setFilter('pending')}>filter</button>
      <CursorPager pages={pages} nextCursor={nextCursor} total={total} limit={2} hideOnSinglePage={hideOnSinglePage} />
    </>
  );
}

describe('CursorPager', () => {
  it('goes forward by each page’s next cursor and back by the cursors seen, naming the page of how many', () => {
    render(<PagedList />);
    expect(screen.getByText('showing first')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('showing third')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('showing second')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('starts again at the first page when the filter changes', () => {
    render(<PagedList />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('showing second')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(screen.getByText('showing first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('shows nothing for a list that fits on one page when asked to hide', () => {
    render(<PagedList total={2} hideOnSinglePage />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
