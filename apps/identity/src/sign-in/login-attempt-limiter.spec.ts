import { decideLoginAttempt, LoginCounts } from './login-attempt-limiter';

describe('login attempt decision', () => {
  const limits = { maxFailuresPerAccountAndAddress: 5, maxFailuresPerAddress: 20, maxFailuresPerAccount: 50 };
  const count = (value: number, ttlSeconds = 600) => ({ count: value, ttlSeconds });
  const counts = (overrides: Partial<LoginCounts> = {}): LoginCounts => ({ accountAndAddress: count(1), address: count(1), account: count(1), knownAddress: false, ...overrides });

  it('admits attempts up to every limit, this one included', () => {
    expect(decideLoginAttempt(counts(), limits)).toEqual({ allowed: true });
    expect(decideLoginAttempt(counts({ accountAndAddress: count(5), address: count(20), account: count(50) }), limits)).toEqual({ allowed: true });
  });

  it('refuses an account to the address that failed five times, until its window ends', () => {
    expect(decideLoginAttempt(counts({ accountAndAddress: count(6, 742) }), limits)).toEqual({ allowed: false, retryAfterSeconds: 742, reasons: ['account_and_address'], startsLock: true });
    expect(decideLoginAttempt(counts({ accountAndAddress: count(7, 700) }), limits)).toMatchObject({ allowed: false, startsLock: false });
  });

  it('refuses an address after twenty failures across accounts', () => {
    expect(decideLoginAttempt(counts({ address: count(21, 300) }), limits)).toMatchObject({ allowed: false, retryAfterSeconds: 300, reasons: ['address'] });
  });

  it('refuses unknown addresses, but never the owner’s known ones, when one account is guessed from everywhere', () => {
    expect(decideLoginAttempt(counts({ account: count(51, 400) }), limits)).toMatchObject({ allowed: false, retryAfterSeconds: 400, reasons: ['account'] });
    expect(decideLoginAttempt(counts({ account: count(500, 400), knownAddress: true }), limits)).toEqual({ allowed: true });
  });

  it('waits for the later window when several block', () => {
    expect(decideLoginAttempt(counts({ accountAndAddress: count(6, 100), address: count(21, 400) }), limits)).toMatchObject({ retryAfterSeconds: 400, reasons: ['account_and_address', 'address'] });
  });

  it('applies the account limits when the client address is unknown', () => {
    expect(decideLoginAttempt(counts({ address: null, accountAndAddress: count(3) }), limits)).toEqual({ allowed: true });
    expect(decideLoginAttempt(counts({ address: null, accountAndAddress: count(6, 50) }), limits)).toMatchObject({ allowed: false, retryAfterSeconds: 50 });
  });

  it('never tells a client to retry in zero seconds', () => {
    expect(decideLoginAttempt(counts({ accountAndAddress: count(6, 0) }), limits)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });
});
