/** What travels on JetStream: the event id doubles as the message id for de-duplication. */
export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  requestId?: string;
  payload: P;
}
