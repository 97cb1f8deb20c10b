import { isSpanContextValid, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { samplerFor } from './tracing';

const exporter = new InMemorySpanExporter();
const tracerFor = (env: NodeJS.ProcessEnv, exporting: boolean) =>
  new TracerProvider({ sampler: samplerFor(env, exporting), spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer('test');

/** A caller's traceparent, as the HTTP instrumentation would have extracted it. */
function underCaller(sampled: boolean) {
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
}

describe('which requests are traced', () => {
  beforeEach(() => exporter.reset());

  it('records nothing without an exporter, even when the caller asks for it, yet keeps the trace id for the logs', () => {
    const tracer = tracerFor({}, false);
    const own = tracer.startSpan('GET /api/v1/me');
    const followed = tracer.startSpan('GET /api/v1/me', {}, underCaller(true));
    own.end();
    followed.end();

    expect(own.isRecording()).toBe(false);
    expect(isSpanContextValid(own.spanContext())).toBe(true);
    expect(followed.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });

  it("records every request with an exporter by default, following a caller's decision not to", () => {
    const tracer = tracerFor({}, true);
    tracer.startSpan('root').end();
    tracer.startSpan('declined', {}, underCaller(false)).end();
    tracer.startSpan('followed', {}, underCaller(true)).end();

    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['root', 'followed']);
  });

  it('takes the sampler the OpenTelemetry variables name', () => {
    const never = tracerFor({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }, true);
    for (let i = 0; i < 20; i += 1) never.startSpan('root').end();
    never.startSpan('followed', {}, underCaller(true)).end();
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['followed']);

    exporter.reset();
    const off = tracerFor({ OTEL_TRACES_SAMPLER: 'always_off' }, true);
    off.startSpan('followed', {}, underCaller(true)).end();
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });
});
