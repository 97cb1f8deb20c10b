/** What travels on JetStream: the event id doubles as the message id for de-duplication. */
export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  requestId?: string;
  /** W3C trace context of the work that raised the event (also sent as message headers). */
  traceparent?: string;
  tracestate?: string;
  payload: P;
}
