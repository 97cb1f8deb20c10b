import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Grid from 'antd/es/grid';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import type { ColumnType, TableProps } from 'antd/es/table';
import { isValidElement, useState, type Key, type ReactNode } from 'react';
import { DataTable } from './DataTable';
import { ACTIONS_COLUMN_KEY } from './table-actions';

/**
 * A phone or a small tablet (under antd's md, 768 px). Only a breakpoint antd has measured
 * counts: before that (and under jsdom's matchMedia that matches nothing) it is a wide screen.
 */
export function useNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.xs === true || (screens.sm === true && screens.md === false);
}

type Row = object;

function valueAt(row: Row, dataIndex: ColumnType<Row>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, key) => (value === null || value === undefined ? undefined : (value as Record<string | number, unknown>)[key as string | number]), row);
}

/** A column's cell as the table would show it (its render, else its value). */
function cell(column: ColumnType<Row>, row: Row, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex);
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, row, index) as unknown;
  // A render may answer { children, props } (cell spans): a card shows the children.
  if (rendered !== null && typeof rendered === 'object' && !isValidElement(rendered) && 'children' in rendered) return (rendered as { children: ReactNode }).children;
  return rendered as ReactNode;
}

function titleOf(column: ColumnType<Row>): ReactNode {
  return typeof column.title === 'function' ? column.title({}) : column.title;
}

/**
 * Issue 30: a customer list that is a table on a wide screen and a stack of cards on a phone,
 * from the same columns: each row's first column heads its card, the others follow as
 * label and value, and the Actions column (key `actions`) sits at the card's foot, in view
 * without scrolling sideways. Takes a Table's props; loading, emptyText and pagination carry over.
 */
export function ResponsiveTable<T extends object>(props: TableProps<T>) {
  const narrow = useNarrowScreen();
  const [localPage, setLocalPage] = useState(1);
  if (!narrow) return <DataTable<T> {...props} />;

  const { dataSource = [], rowKey = 'key', loading, locale, pagination } = props;
  const columns = ((props.columns ?? []) as ColumnType<Row>[]).filter((column) => !('children' in column) && !column.hidden);
  const actions = columns.find((column) => column.key === ACTIONS_COLUMN_KEY);
  const [heading, ...fields] = columns.filter((column) => column !== actions);
  const keyOf = (row: T, index: number): Key => (typeof rowKey === 'function' ? rowKey(row, index) : ((row as Record<string, unknown>)[rowKey as string] as Key) ?? index);

  const paging = pagination === false ? null : (pagination ?? {});
  const pageSize = paging?.pageSize ?? 10;
  // A total given means the server pages (the rows are one page); otherwise the cards page here.
  const serverPaged = paging?.total !== undefined;
  const current = paging?.current ?? localPage;
  const rows = paging && !serverPaged ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const emptyText = typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText;

  return (
    <Spin spinning={Boolean(typeof loading === 'object' ? loading.spinning : loading)}>
      {rows.length === 0 ? (
        (emptyText ?? <Empty />)
      ) : (
        <ul className="responsive-cards">
          {rows.map((row, index) => (
            <li key={keyOf(row, index)}>
              <Card size="small" title={heading ? cell(heading, row, index) : undefined} styles={{ title: { whiteSpace: 'normal' } }}>
                <dl className="responsive-card-fields">
                  {fields.map((column, position) => (
                    <div key={String(column.key ?? column.dataIndex ?? position)}>
                      <dt>{titleOf(column)}</dt>
                      <dd>{cell(column, row, index)}</dd>
                    </div>
                  ))}
                </dl>
                {actions && <div className="responsive-card-actions">{cell(actions, row, index)}</div>}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {paging && (
        <Pagination
          size="small"
          style={{ marginTop: 16 }}
          current={current}
          pageSize={pageSize}
          total={paging.total ?? dataSource.length}
          hideOnSinglePage={paging.hideOnSinglePage ?? true}
          showSizeChanger={false}
          onChange={(page, size) => {
            setLocalPage(page);
            paging.onChange?.(page, size);
          }}
        />
      )}
    </Spin>
  );
}
