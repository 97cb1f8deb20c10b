import { checkWebhookTarget, parseAllowList } from './webhook-address-guard';

const none = parseAllowList('');
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, options: Partial<Parameters<typeof checkWebhookTarget>[1]> = {}) {
  try {
    await checkWebhookTarget(url, { allowList: none, allowHttp: true, resolve: resolvesTo('93.184.216.34'), ...options });
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'accepted';
}

describe('webhook address guard', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::]/',
  ])('refuses %s', async (url) => {
    expect(await refusal(url)).toBe('webhook_address_forbidden');
  });

  it('refuses a name that resolves to an internal address, even when another record is public', async () => {
    expect(await refusal('https://localhost/hook', { resolve: resolvesTo('127.0.0.1') })).toBe('webhook_address_forbidden');
    expect(await refusal('https://rebind.example/hook', { resolve: resolvesTo('93.184.216.34', '10.1.2.3') })).toBe('webhook_address_forbidden');
    expect(await refusal('https://nowhere.example/hook', { resolve: async () => [] })).toBe('webhook_host_unresolvable');
  });

  it('refuses credentials, other schemes, and http in production', async () => {
    expect(await refusal('https://user:secret@hooks.example.com/')).toBe('webhook_url_invalid');
    expect(await refusal('ftp://hooks.example.com/')).toBe('webhook_url_invalid');
    expect(await refusal('not a url')).toBe('webhook_url_invalid');
    expect(await refusal('http://hooks.example.com/', { allowHttp: false })).toBe('webhook_url_invalid');
    expect(await refusal('https://hooks.example.com/', { allowHttp: false })).toBe('accepted');
  });

  it('accepts what an operator allowed: a host exactly, or addresses in a CIDR', async () => {
    const allowList = parseAllowList(' 127.0.0.1 , receiver.internal, 10.20.0.0/16 ');
    expect(await refusal('http://127.0.0.1:8080/hook', { allowList })).toBe('accepted');
    expect(await refusal('http://receiver.internal/hook', { allowList, resolve: resolvesTo('10.9.9.9') })).toBe('accepted');
    expect(await refusal('http://svc.cluster.example/hook', { allowList, resolve: resolvesTo('10.20.3.4') })).toBe('accepted');
    // Allowing 127.0.0.1 does not allow every name resolving to it.
    expect(await refusal('http://localhost/hook', { allowList, resolve: resolvesTo('127.0.0.1') })).toBe('webhook_address_forbidden');
    expect(await refusal('http://10.0.0.1/', { allowList })).toBe('webhook_address_forbidden');
  });

  it('answers the address it checked, to connect to', async () => {
    const target = await checkWebhookTarget('https://hooks.example.com/x', { allowList: none, allowHttp: false, resolve: resolvesTo('93.184.216.34') });
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
  });
});
