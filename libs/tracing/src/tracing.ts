import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, SpanExporter, SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

export interface TracingOptions {
  /** service.name of every span this process makes. */
  service: string;
  env?: NodeJS.ProcessEnv;
  /** An exporter of one's own (tests), besides the OTLP one the environment may ask for. */
  exporter?: SpanExporter;
}

let provider: TracerProvider | undefined;

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Traces for this process: W3C trace context in and out (HTTP headers, NATS message
 * headers), spans for incoming and outgoing HTTP and for every PostgreSQL query, exported
 * by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set. Without
 * an endpoint, spans are still made so that logs carry a trace id; nothing is sent.
 * Call it before anything loads `http` or `pg` (first thing in main).
 */
export function startTracing(options: TracingOptions): TracerProvider {
  if (provider) return provider;
  const env = options.env ?? process.env;
  const processors: SpanProcessor[] = [];
  if (options.exporter) processors.push(new SimpleSpanProcessor({ exporter: options.exporter }));
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    // The exporter reads the endpoint, headers and time-out from the standard OTEL_* variables.
    processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: positiveNumber(env.OTEL_BSP_SCHEDULE_DELAY, 5_000) }));
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': options.service }), spanProcessors: processors });
  trace.setGlobalTracerProvider(provider);
  process.once('beforeExit', () => void provider?.shutdown().catch(() => undefined));
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

/** Sends the spans still buffered (before the process exits). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}
