import { DataTable } from './DataTable';
import type { ChartTableColumn, ChartTableRow } from './ChartTable';

/** The table of ChartTable, loaded when first asked for: the dashboard's first load carries no table code. */
export default function ChartTableView({ caption, columns, rows }: { caption: string; columns: ChartTableColumn[]; rows: ChartTableRow[] }) {
  return (
    <DataTable<ChartTableRow>
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<div className="chart-table-caption">{caption}</div>}
      dataSource={rows}
      columns={columns.map((column) => ({ key: column.key, dataIndex: column.key, title: column.title, align: column.numeric ? 'right' : undefined }))}
    />
  );
}
