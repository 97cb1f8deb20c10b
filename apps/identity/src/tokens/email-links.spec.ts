import { expiresIn, webLink } from './email-links';

describe('email links', () => {
  it('point into the web app with the token as a query parameter', () => {
    expect(webLink('http://localhost:3000', '/auth/email-confirmed', 'abc_-1')).toBe('http://localhost:3000/auth/email-confirmed?token=abc_-1');
    expect(webLink('https://portal.example.com/', '/auth/update-password', 'xyz')).toBe('https://portal.example.com/auth/update-password?token=xyz');
  });

  it('keep the sub-path of a web app not served from the root', () => {
    expect(webLink('https://example.com/portal', '/auth/email-confirmed', 't')).toBe('https://example.com/portal/auth/email-confirmed?token=t');
  });

  it('expire the given number of seconds later', () => {
    const from = new Date('2026-03-01T00:00:00Z');
    expect(expiresIn(24 * 3600, from).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});
