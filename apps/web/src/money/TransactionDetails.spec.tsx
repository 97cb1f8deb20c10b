import { render, screen } from '@testing-library/react';
import { TransactionDetails } from './TransactionDetails';
import type { TransactionView } from './money-api';

const withdrawal: TransactionView = {
  id: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a6b',
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  type: 'withdrawal',
  status: 'pending',
  amount: '-1200.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Wire Transfer',
  reference: 'WTH-1763900000000-AB12',
  description: 'Withdrawal of 1200.00 USD to First Bank (Ada Lovelace)',
  details: {},
  reason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  client: { id: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};

describe('Transaction Details dialog', () => {
  it('shows the signed amount, the reference, the client and the technical details', async () => {
    render(<TransactionDetails transaction={withdrawal} onClose={() => undefined} />);
    expect(await screen.findByText('-$1,200.00')).toBeInTheDocument();
    expect(screen.getAllByText('WTH-1763900000000-AB12')).toHaveLength(2);
    expect(screen.getByText('Ada Lovelace (ada@example.test)')).toBeInTheDocument();
    expect(screen.getByText('Wire Transfer')).toBeInTheDocument();
    expect(screen.getByText(withdrawal.id)).toBeInTheDocument();
  });
});
