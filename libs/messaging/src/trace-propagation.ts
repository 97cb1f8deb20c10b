import { Context, context, defaultTextMapGetter, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, TextMapGetter, TextMapSetter, trace } from '@opentelemetry/api';
import { headers as natsHeaders, MsgHdrs } from 'nats';
import type { EventEnvelope } from '@portal/contracts';

/**
 * Trace context across NATS: the caller's span travels in the command's message headers
 * (W3C traceparent), so one trace runs from the browser's request through the gateway
 * into each service and its database calls. An event carries the context of the work that
 * raised it from the outbox to every consumer, so the trace goes on into their handling.
 * Without a tracer registered (tests, tools) every call here is a no-op.
 */
const tracer = () => trace.getTracer('@portal/messaging');

const setter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };
const getter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => (carrier ? carrier.keys() : []),
  get: (carrier, key) => carrier?.get(key) || undefined,
};

/** Runs `work` in a client span for the command, with headers that carry it (or none when not tracing). */
export function withCommandSpan<T>(subject: string, work: (headers: MsgHdrs | undefined) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(`${subject} send`, { kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, async (span) => {
    const carrier = natsHeaders();
    propagation.inject(context.active(), carrier, setter);
    try {
      return await work(carrier.keys().length > 0 ? carrier : undefined);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A server span for a received command, child of the caller's span from the message headers. */
export function startHandlingSpan(subject: string, headers: MsgHdrs | undefined): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, headers, getter);
  const span = tracer().startSpan(`${subject} process`, { kind: SpanKind.SERVER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` inside `ctx` (the handling span's context). */
export function inTraceContext<T>(ctx: Context, work: () => T): T {
  return context.with(ctx, work);
}

/** The W3C trace context an event keeps from the outbox to its consumers. */
export type EventTraceContext = Pick<EventEnvelope, 'traceparent' | 'tracestate'>;

/** The trace context of the running code, to keep with an event; undefined when nothing is traced. */
export function activeTraceContext(): EventTraceContext | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate } : { traceparent: carrier.traceparent };
}

/** The message headers that carry an event's trace context next to its message id. */
export function eventHeaders(traceContext: EventTraceContext | undefined): MsgHdrs | undefined {
  if (!traceContext?.traceparent) return undefined;
  const carrier = natsHeaders();
  carrier.set('traceparent', traceContext.traceparent);
  if (traceContext.tracestate) carrier.set('tracestate', traceContext.tracestate);
  return carrier;
}

/**
 * A consumer span for a delivered event, child of the work that raised it: the message
 * headers' trace context, else the envelope's, else a trace of its own.
 */
export function startEventSpan(subject: string, headers: MsgHdrs | undefined, event: EventEnvelope): { span: Span; context: Context } {
  const fromHeaders = propagation.extract(ROOT_CONTEXT, headers, getter);
  const parent = trace.getSpanContext(fromHeaders) ? fromHeaders : propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent, tracestate: event.tracestate }, defaultTextMapGetter);
  const span = tracer().startSpan(
    `${subject} process`,
    { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.message.id': event.id } },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** Marks a span as failed with the error's message. */
export function markFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
