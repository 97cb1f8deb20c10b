/**
 * The one source of "now" and "today" for every service. Business dates (accrual days,
 * maturity, funding expiry) are UTC calendar days. Outside production CLOCK_OFFSET_DAYS
 * moves a running stack forward, so a tester can watch an investment mature; tests
 * hand a service a ManualClock instead of sleeping.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Today's business date, YYYY-MM-DD (UTC). */
  today(): string {
    return businessDate(this.now());
  }
}

const DAY_MS = 86_400_000;

export function businessDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The wall clock, moved forward by whole days outside production. */
export class SystemClock extends Clock {
  constructor(private readonly offsetDays = 0) {
    super();
  }

  now(): Date {
    return new Date(Date.now() + this.offsetDays * DAY_MS);
  }
}

/** A clock a test sets and moves by hand. */
export class ManualClock extends Clock {
  private current: Date;

  constructor(start: Date | string = new Date()) {
    super();
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at);
  }

  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * DAY_MS);
  }
}

/** CLOCK_OFFSET_DAYS as a service may use it: never in production. */
export function clockFromEnvironment(environment: { NODE_ENV: string; CLOCK_OFFSET_DAYS?: number }): Clock {
  return new SystemClock(environment.NODE_ENV === 'production' ? 0 : (environment.CLOCK_OFFSET_DAYS ?? 0));
}
