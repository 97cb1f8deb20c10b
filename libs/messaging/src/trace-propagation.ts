import { Context, context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, TextMapGetter, TextMapSetter, trace } from '@opentelemetry/api';
import { headers as natsHeaders, MsgHdrs } from 'nats';

/**
 * Trace context across NATS: the caller's span travels in the command's message headers
 * (W3C traceparent), so one trace runs from the browser's request through the gateway
 * into each service and its database calls. Without a tracer registered (tests, tools)
 * every call here is a no-op.
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
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
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
