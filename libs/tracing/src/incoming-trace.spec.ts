import { trace } from '@opentelemetry/api';
import { runInIncomingTrace, startTracing } from './tracing';

// This process exports nothing: the mode the gateway runs in without OTEL_EXPORTER_OTLP_ENDPOINT.
startTracing({ service: 'test', env: {} });

const activeTrace = () => trace.getActiveSpan()?.spanContext();
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('an incoming request without an exporter', () => {
  it("continues the caller's trace from its traceparent, through awaits, recording nothing", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const seen = await runInIncomingTrace({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, async () => {
      await tick();
      return { spanContext: activeTrace(), recording: trace.getActiveSpan()?.isRecording() };
    });
    expect(seen.spanContext?.traceId).toBe(traceId);
    expect(seen.spanContext?.spanId).not.toBe('00f067aa0ba902b7');
    expect(seen.recording).toBe(false);
  });

  it('starts a trace of its own when the caller sends none, a new one per request', () => {
    const first = runInIncomingTrace({}, activeTrace);
    const second = runInIncomingTrace({ traceparent: 'not a traceparent' }, activeTrace);
    expect(first?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.traceId).not.toMatch(/^0+$/);
    expect(second?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.traceId).not.toBe(first?.traceId);
    expect(activeTrace()).toBeUndefined();
  });
});
