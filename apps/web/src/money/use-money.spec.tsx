import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { stableSerialise, useMoneyMutation, useSubmissionKey } from './use-money';

describe('useSubmissionKey: one Idempotency-Key per submission of one request body', () => {
  it('keeps the key while the same body is submitted again (double click, retry after a lost answer)', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.current({ amount: '150.00', currency: 'USD' });
    const again = result.current.current({ amount: '150.00', currency: 'USD' });
    expect(again).toBe(first);
  });

  it('treats bodies with the same content in another key order as the same body', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.current({ amount: '150.00', currency: 'USD', bank: { name: 'A', swift: 'B' } });
    const again = result.current.current({ bank: { swift: 'B', name: 'A' }, currency: 'USD', amount: '150.00' });
    expect(again).toBe(first);
  });

  it('gives a changed body a fresh key', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.current({ amount: '150.00', currency: 'USD' });
    const changed = result.current.current({ amount: '200.00', currency: 'USD' });
    expect(changed).not.toBe(first);
    // and the changed body keeps its own key on its retry
    expect(result.current.current({ amount: '200.00', currency: 'USD' })).toBe(changed);
  });

  it('gives the next submission a new key after a success, even with the same body', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.current({ amount: '150.00' });
    result.current.done();
    expect(result.current.current({ amount: '150.00' })).not.toBe(first);
  });

  it('serialises bodies stably', () => {
    expect(stableSerialise({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(stableSerialise({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(stableSerialise({ a: [1, 2] })).not.toBe(stableSerialise({ a: [2, 1] }));
  });
});

describe('useMoneyMutation: the key sent with each attempt', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>
  );

  it('retries a lost answer with the same key, sends a changed body with a new key, and starts afresh after success', async () => {
    const keys: string[] = [];
    let fail = true;
    const send = jest.fn(async (_body: { amount: string }, key: string) => {
      keys.push(key);
      if (fail) throw new TypeError('Failed to fetch');
      return { ok: true };
    });
    const { result } = renderHook(() => useMoneyMutation(send), { wrapper });

    await act(async () => {
      await result.current.mutateAsync({ amount: '150.00' }).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync({ amount: '150.00' }).catch(() => undefined);
    });
    expect(keys[1]).toBe(keys[0]);

    // The customer changes the amount after the lost answer: the server must not see the old key with a new body.
    fail = false;
    await act(async () => {
      await result.current.mutateAsync({ amount: '175.00' });
    });
    expect(keys[2]).not.toBe(keys[0]);

    // After the success, the same body again is a new submission.
    await act(async () => {
      await result.current.mutateAsync({ amount: '175.00' });
    });
    expect(keys[3]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });
});
