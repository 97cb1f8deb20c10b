import { context, defaultTextMapGetter, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  Sampler,
  SimpleSpanProcessor,
  SpanExporter,
  SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { AsyncScopeContextManager } from './async-scope-context-manager';

export interface TracingOptions {
  /** service.name of every span this process makes. */
  service: string;
  env?: NodeJS.ProcessEnv;
  /** An exporter of one's own (tests), besides the OTLP one the environment may ask for. */
  exporter?: SpanExporter;
}

let provider: TracerProvider | undefined;
/**
 * off: tracing disabled; ids: trace ids made and passed on, nothing recorded or
 * instrumented; instrumented: HTTP and PostgreSQL spans, recorded and exported.
 */
let mode: 'off' | 'ids' | 'instrumented' = 'off';

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Traces for this process: W3C trace context in and out (HTTP headers, NATS message
 * headers), spans for incoming and outgoing HTTP and for every PostgreSQL query, exported
 * by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set. Without
 * an endpoint, trace ids are still made and passed on so that logs carry them, but no span
 * is recorded (see samplerFor) and the HTTP and PostgreSQL instrumentations stay out:
 * even recording nothing, they cost a fifth of the read path's throughput. The gateway
 * then starts each request's trace itself (runInIncomingTrace).
 * Call it before anything loads `http` or `pg` (first thing in main).
 */
export function startTracing(options: TracingOptions): TracerProvider {
  if (provider) return provider;
  const env = options.env ?? process.env;
  // The standard switch: no instrumentation at all (and no trace ids in logs).
  if (env.OTEL_SDK_DISABLED === 'true') return (provider = new TracerProvider({ sampler: new AlwaysOffSampler() }));
  const processors: SpanProcessor[] = [];
  if (options.exporter) processors.push(new SimpleSpanProcessor({ exporter: options.exporter }));
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    // The exporter reads the endpoint, headers and time-out from the standard OTEL_* variables.
    processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: positiveNumber(env.OTEL_BSP_SCHEDULE_DELAY, 5_000) }));
  }
  context.setGlobalContextManager(new AsyncScopeContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    spanProcessors: processors,
    sampler: samplerFor(env, processors.length > 0),
  });
  trace.setGlobalTracerProvider(provider);
  process.once('beforeExit', () => void provider?.shutdown().catch(() => undefined));
  if (processors.length === 0) {
    mode = 'ids';
    return provider;
  }
  mode = 'instrumented';
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Probes and metrics scrapes are polled all the time: no spans for them.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => /^\/(health|metrics)\b/.test(request.url ?? '') }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  return provider;
}

/**
 * Which requests are recorded. With nowhere to send spans, none are: recording a span
 * costs more CPU than the request it describes (it halved the gateway's read throughput),
 * and a non-recording span still carries the trace id into logs and onward headers,
 * whatever the caller's traceparent asks. With an exporter, OTEL_TRACES_SAMPLER (and
 * OTEL_TRACES_SAMPLER_ARG for the ratio) choose, as the OpenTelemetry specification names
 * them; the default follows the caller's decision and records the rest.
 */
export function samplerFor(env: NodeJS.ProcessEnv, exporting: boolean): Sampler {
  if (!exporting) return new AlwaysOffSampler();
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const ratioSampler = () => new TraceIdRatioBasedSampler(Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1);
  switch (env.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratioSampler();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratioSampler() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Runs `work` in the trace of an incoming HTTP request: the caller's, when its headers carry
 * a W3C traceparent, else a new one. Only needed, and only acting, when no instrumentation
 * made the request's span (nothing exported): then the span is a non-recording one, there
 * for its trace id, which log lines and outgoing commands and events carry.
 */
export function runInIncomingTrace<T>(headers: Record<string, string | string[] | undefined>, work: () => T): T {
  if (mode !== 'ids') return work();
  const parent = propagation.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
  const span = trace.getTracer('@portal/tracing').startSpan('incoming request', {}, parent);
  return context.with(trace.setSpan(parent, span), work);
}

/** Sends the spans still buffered (before the process exits). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}
