import Statistic, { type StatisticProps } from 'antd/es/statistic';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { formatNumber } from './number-format';

/**
 * Where a figure may break when it must: after a space Intl put between a currency and its
 * digits (a no-break one in "CHF 1,000.00" and "1.000,00 $") and between a currency sign and
 * the digits it is stuck to ("$1,000.00"). Inside a number (digits, separators) there is no
 * break opportunity at all, so a number is never split.
 */
const BREAK_AFTER = /([\u00a0\u202f]+|[^\d\s\-+−.,](?=[-+−]?\d))/u;

/** The figure's text with a <wbr> at each place it may break; its text (what is read out, what tests find) stays as Intl wrote it. */
export function breakableFigure(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let match = BREAK_AFTER.exec(rest);
  while (match) {
    const end = match.index + match[0].length;
    nodes.push(<Fragment key={nodes.length}>{rest.slice(0, end)}</Fragment>, <wbr key={nodes.length + 1} />);
    rest = rest.slice(end);
    match = BREAK_AFTER.exec(rest);
  }
  if (rest) nodes.push(<Fragment key={nodes.length}>{rest}</Fragment>);
  return nodes;
}

/** The length of the figure's longest piece that must stay on one line. */
export function longestPiece(text: string): number {
  return Math.max(1, ...text.split(/\s+/u).map((piece) => piece.length));
}

/**
 * Issue 30: a stat card's figure, never spilling out of its card and never broken inside a
 * number. Its type scales with the card's width for its longest piece (the rule for
 * .ant-statistic in styles.css reads --stat-figure-chars), so "$123,456,789.12" fits a phone's
 * card on one line; only when it cannot even at the smallest size does it wrap, between a
 * currency and its digits or between amounts. Counts are grouped in the app's language, as
 * amounts are.
 */
export function StatFigure({ value, style, ...props }: StatisticProps) {
  const text = typeof value === 'number' ? formatNumber(value) : String(value ?? '');
  const chars = { '--stat-figure-chars': longestPiece(text) } as CSSProperties;
  return <Statistic {...props} value={text} style={{ ...chars, ...style }} formatter={() => <span className="stat-figure">{breakableFigure(text)}</span>} />;
}
