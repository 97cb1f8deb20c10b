import { render } from '@testing-library/react';
import { longestPiece, StatFigure } from './StatFigure';

describe('StatFigure (issue 30: large totals stay in their cards)', () => {
  it('keeps the figure’s text as Intl wrote it, with break opportunities only between a currency and its digits', () => {
    const { container } = render(<StatFigure title="Total" value={'$123,456,789.12 · CHF\u00a01,000.00'} />);
    const figure = container.querySelector('.stat-figure') as HTMLElement;
    expect(figure.textContent).toBe('$123,456,789.12 · CHF\u00a01,000.00');
    // A <wbr> after "$" and after the no-break space, none inside a number.
    const pieces = [...figure.childNodes].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent)).join('');
    expect(pieces).toBe('$|123,456,789.12 · CHF\u00a0|1,000.00');
  });

  it('groups counts in the app’s language and sizes the type for the longest piece', () => {
    const { container } = render(<StatFigure title="Users" value={123456789} />);
    expect(container.querySelector('.stat-figure')?.textContent).toBe('123,456,789');
    expect((container.querySelector('.ant-statistic') as HTMLElement).style.getPropertyValue('--stat-figure-chars')).toBe('11');
    expect(longestPiece('$123,456,789.12 · €5.00')).toBe(15);
  });
});
