import 'reflect-metadata';
import { clockFromEnvironment, ManualClock } from './clock';
import { ConfigurationError, loadEnvironment } from './load-environment';
import { ServiceEnvironment } from './service-environment';

describe('the clock', () => {
  it('moves a development stack forward by CLOCK_OFFSET_DAYS', () => {
    const environment = loadEnvironment(ServiceEnvironment, { NODE_ENV: 'development', CLOCK_OFFSET_DAYS: '200' });
    const moved = clockFromEnvironment(environment).now().getTime() - Date.now();
    expect(Math.round(moved / 86_400_000)).toBe(200);
  });

  it('is refused in production, naming the variable', () => {
    expect(() => loadEnvironment(ServiceEnvironment, { NODE_ENV: 'production', CLOCK_OFFSET_DAYS: '1' })).toThrow(ConfigurationError);
    expect(() => loadEnvironment(ServiceEnvironment, { NODE_ENV: 'production', CLOCK_OFFSET_DAYS: '1' })).toThrow(/CLOCK_OFFSET_DAYS/);
    expect(loadEnvironment(ServiceEnvironment, { NODE_ENV: 'production' }).CLOCK_OFFSET_DAYS).toBe(0);
  });

  it('refuses a fraction or a negative offset', () => {
    expect(() => loadEnvironment(ServiceEnvironment, { CLOCK_OFFSET_DAYS: '1.5' })).toThrow(/CLOCK_OFFSET_DAYS/);
    expect(() => loadEnvironment(ServiceEnvironment, { CLOCK_OFFSET_DAYS: '-3' })).toThrow(/CLOCK_OFFSET_DAYS/);
  });

  it('gives UTC business dates, and a manual clock moves only when told', () => {
    const clock = new ManualClock('2026-03-31T23:30:00Z');
    expect(clock.today()).toBe('2026-03-31');
    clock.advanceDays(1);
    expect(clock.today()).toBe('2026-04-01');
  });
});
