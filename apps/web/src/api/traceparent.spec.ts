import { newTraceparent } from './traceparent';

describe('the traceparent of a call to the gateway', () => {
  it('is a sampled W3C trace context with a fresh trace id each call', () => {
    const first = newTraceparent();
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(newTraceparent().split('-')[1]).not.toBe(first.split('-')[1]);
  });
});
