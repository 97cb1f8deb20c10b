import { decideLoginAttempt } from './login-attempt-limiter';

describe('login attempt decision', () => {
  const limits = { maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 };
  const count = (value: number, ttlSeconds = 600) => ({ count: value, ttlSeconds });

  it('admits attempts up to the limit, this one included', () => {
    expect(decideLoginAttempt(count(1), count(1), limits)).toEqual({ allowed: true });
    expect(decideLoginAttempt(count(5), count(20), limits)).toEqual({ allowed: true });
  });

  it('refuses the attempt after five failures of one account until its window ends', () => {
    expect(decideLoginAttempt(count(6, 742), count(6), limits)).toEqual({ allowed: false, retryAfterSeconds: 742 });
  });

  it('refuses the attempt after twenty failures from one address', () => {
    expect(decideLoginAttempt(count(1), count(21, 300), limits)).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it('waits for the later window when both block', () => {
    expect(decideLoginAttempt(count(6, 100), count(21, 400), limits)).toEqual({ allowed: false, retryAfterSeconds: 400 });
  });

  it('applies only the account limit when the client address is unknown', () => {
    expect(decideLoginAttempt(count(3), null, limits)).toEqual({ allowed: true });
    expect(decideLoginAttempt(count(6, 50), null, limits)).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });

  it('never tells a client to retry in zero seconds', () => {
    expect(decideLoginAttempt(count(6, 0), null, limits)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
