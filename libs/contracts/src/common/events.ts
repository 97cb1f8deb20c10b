/** What travels on JetStream: the event id doubles as the message id for de-duplication. */
export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  requestId?: string;
  payload: P;
}

/** A JetStream stream and the exact event subjects it stores (never a wildcard that could
 * swallow request/reply commands sharing the service's subject prefix). */
export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}
