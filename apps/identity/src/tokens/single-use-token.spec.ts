import { singleUseTokenState } from './single-use-token';

describe('single-use token state', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000);

  it('is usable before it expires and while unused', () => {
    expect(singleUseTokenState({ expiresAt: at(1), consumedAt: null }, now)).toBe('usable');
  });

  it('is expired from its expiry instant on', () => {
    expect(singleUseTokenState({ expiresAt: now, consumedAt: null }, now)).toBe('expired');
    expect(singleUseTokenState({ expiresAt: at(-60), consumedAt: null }, now)).toBe('expired');
  });

  it('stays consumed once used, even after it would have expired', () => {
    expect(singleUseTokenState({ expiresAt: at(60), consumedAt: at(-10) }, now)).toBe('consumed');
    expect(singleUseTokenState({ expiresAt: at(-60), consumedAt: at(-120) }, now)).toBe('consumed');
  });
});
