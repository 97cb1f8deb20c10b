import { onlineManager } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

describe('the app query client when the browser says it is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('still sends an action (a sign-in, a payment) instead of leaving it pending with no request', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const send = jest.fn().mockResolvedValue('answered');
    const mutation = client.getMutationCache().build(client, { mutationFn: send });
    await expect(mutation.execute(undefined)).resolves.toBe('answered');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('still asks for data once, so a screen shows its data or its error', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const read = jest.fn().mockResolvedValue({ balance: 1 });
    await expect(client.fetchQuery({ queryKey: ['balance'], queryFn: read })).resolves.toEqual({ balance: 1 });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
