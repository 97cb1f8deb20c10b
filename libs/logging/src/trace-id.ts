import { Context, context, isSpanContextValid, trace } from '@opentelemetry/api';

/** The trace id of the span active in a context, when the process traces (see @portal/tracing). */
export function traceIdIn(activeContext: Context): string | undefined {
  const spanContext = trace.getSpanContext(activeContext);
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The trace id of the span this code runs in, when the process traces. */
export function currentTraceId(): string | undefined {
  return traceIdIn(context.active());
}
