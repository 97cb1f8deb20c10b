import { isSpanContextValid, trace } from '@opentelemetry/api';

/** The trace id of the span this code runs in, when the process traces (see @portal/tracing). */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
