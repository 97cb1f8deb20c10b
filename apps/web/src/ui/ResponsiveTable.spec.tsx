import { fireEvent, render, screen, within } from '@testing-library/react';
import { viewport } from '../test/viewport';
import { ResponsiveTable } from './ResponsiveTable';
import { ACTIONS_COLUMN_KEY } from './table-actions';

// The first render compiles antd's table and pagination; the machine running the suite may be busy.
jest.setTimeout(120_000);

interface Request {
  id: string;
  name: string;
  status: string;
}

const rows: Request[] = Array.from({ length: 12 }, (_, index) => ({ id: `r${index + 1}`, name: `Card ${index + 1}`, status: index % 2 ? 'Approved' : 'Pending' }));

function list(data: Request[], onOpen: (row: Request) => void = () => undefined) {
  return render(
    <ResponsiveTable<Request>
      rowKey="id"
      dataSource={data}
      pagination={{ pageSize: 10 }}
      locale={{ emptyText: 'No requests yet' }}
      columns={[
        { title: 'Card', dataIndex: 'name' },
        { title: 'Status', dataIndex: 'status', render: (status: string) => <strong>{status}</strong> },
        { title: 'Actions', key: ACTIONS_COLUMN_KEY, render: (_, row) => <button onClick={() => onOpen(row)}>Open {row.name}</button> },
      ]}
    />,
  );
}

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('a customer list on a phone (issue 30)', () => {
  it('shows one card per row, headed by its first column, with the other columns labelled and the action at its foot, ten to a page', async () => {
    restore = viewport(390);
    const opened: string[] = [];
    list(rows, (row) => opened.push(row.id));
    const cards = screen.getAllByRole('listitem').filter((item) => item.closest('.responsive-cards'));
    expect(cards).toHaveLength(10);
    const first = cards[0];
    expect(within(first).getByText('Card 1')).toBeInTheDocument();
    expect(within(first).getByText('Status')).toBeInTheDocument();
    expect(within(first).getByText('Pending').tagName).toBe('STRONG');
    fireEvent.click(within(first).getByRole('button', { name: 'Open Card 1' }));
    expect(opened).toEqual(['r1']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getAllByRole('button', { name: /^Open / }).map((button) => button.textContent)).toEqual(['Open Card 11', 'Open Card 12']);
  });

  it('says the list is empty in the list’s own words', () => {
    restore = viewport(390);
    list([]);
    expect(screen.getByText('No requests yet')).toBeInTheDocument();
  });

  it('is the table itself on a wide screen', () => {
    restore = viewport(1366);
    list(rows);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Card 1 Pending/ })).toBeInTheDocument();
  });
});
