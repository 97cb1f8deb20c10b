import Grid from 'antd/es/grid';
import type { ColumnType } from 'antd/es/table';

/** The key every Actions column carries: ResponsiveTable puts that column's cell at the foot of a row's card. */
export const ACTIONS_COLUMN_KEY = 'actions';

/**
 * Issue 30: a table's Actions column. From a tablet up (1366 px included) it is fixed to the
 * table's right edge, so Approve, Reject and View stay in view however many columns scroll
 * under it; on a phone it would cover most of the row, so there it scrolls with the row.
 * A fixed column makes antd lay the table out with fixed widths (each column an equal share
 * of scroll.x unless given one), so the width is required: enough for the buttons side by
 * side in English; longer words wrap them (`<Space wrap>`).
 * Use: `const actionsColumn = useActionsColumn();` then `actionsColumn({ title, width, render })`.
 */
export function useActionsColumn(): <T>(column: ColumnType<T> & { width: number }) => ColumnType<T> {
  const wide = Grid.useBreakpoint().md ?? false;
  return (column) => ({ key: ACTIONS_COLUMN_KEY, ...column, fixed: wide ? 'right' : undefined });
}
