import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

function Fragile() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('render failed');
  return <button onClick={() => setBroken(true)}>Break</button>;
}

describe('ErrorBoundary', () => {
  it('shows the error screen with an id that matches the log, and recovers on Try Again', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(screen.getByText('Oops! Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    const errorId = screen.getByText(/^[0-9a-z-]{8,}$/).textContent ?? '';
    expect(log).toHaveBeenCalledWith(`[error ${errorId}]`, expect.any(Error), expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('button', { name: 'Break' })).toBeInTheDocument();
    log.mockRestore();
  });
});
