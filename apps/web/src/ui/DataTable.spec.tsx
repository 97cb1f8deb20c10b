import { render, screen, waitFor } from '@testing-library/react';
import { DataTable } from './DataTable';

// The first render compiles antd's table; the machine running the suite may be busy.
jest.setTimeout(120_000);

interface Entry {
  id: string;
  action: string;
}

const columns = [
  { title: 'When', dataIndex: 'id' },
  { title: 'Action', dataIndex: 'action' },
];

/** jsdom lays nothing out: the table's scrolling part is given the widths a phone would measure. */
let contentWidth = 900;
beforeEach(() => {
  contentWidth = 900;
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ant-table-content') ? 358 : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ant-table-content') ? contentWidth : 0;
  });
});

afterEach(() => jest.restoreAllMocks());

const entries = (count: number): Entry[] => Array.from({ length: count }, (_, index) => ({ id: `e${index}`, action: `Changed setting ${index}` }));

it('lets the keyboard reach a table wider than the screen, with nothing in its rows to focus, and names it', async () => {
  render(<DataTable<Entry> rowKey="id" dataSource={entries(2)} columns={columns} scroll={{ x: 900 }} />);

  const region = await screen.findByRole('region', { name: 'Scrollable table' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toContainElement(screen.getByText('Changed setting 1'));
});

it('is no stop on the Tab key once the table fits, and becomes one again when new rows overflow it', async () => {
  const view = render(<DataTable<Entry> rowKey="id" dataSource={entries(2)} columns={columns} scroll={{ x: 900 }} />);
  await screen.findByRole('region', { name: 'Scrollable table' });

  contentWidth = 358;
  view.rerender(<DataTable<Entry> rowKey="id" dataSource={entries(3)} columns={columns} scroll={{ x: 900 }} />);
  await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  expect(document.querySelector('.ant-table-content')).not.toHaveAttribute('tabindex');

  contentWidth = 1200;
  view.rerender(<DataTable<Entry> rowKey="id" dataSource={entries(4)} columns={columns} scroll={{ x: 900 }} />);
  expect(await screen.findByRole('region', { name: 'Scrollable table' })).toHaveAttribute('tabindex', '0');
});
