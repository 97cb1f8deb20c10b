import { senderDomain } from './mail-transport';

describe('senderDomain', () => {
  it.each([
    ['"Investment Portal" <no-reply@portal.local>', 'portal.local'],
    ['no-reply@mail.example.com', 'mail.example.com'],
    ['Portal <alerts@example.org> ', 'example.org'],
    ['not an address', 'localhost'],
  ])('reads the domain of %s', (from, domain) => {
    expect(senderDomain(from)).toBe(domain);
  });
});
