/**
 * Each NATS subject is paired with its types exactly once, here in the contracts: a
 * command with its payload class and reply type, an event with its payload class. The
 * service client, the outbox and event consumers take these definitions instead of
 * strings, so a payload of the wrong type or a reply read as the wrong type does not
 * compile, and the subject-to-class map exists once for every service.
 */

/** A class whose instances are a message's payload; its class-validator decorators are the rules. */
export type PayloadClass<P extends object> = new () => P;

/** A command answered over NATS request/reply by the queue group of the service it names. */
export interface CommandDefinition<P extends object = object, R = unknown> {
  readonly kind: 'command';
  readonly subject: string;
  readonly payload: PayloadClass<P>;
  /** The reply's type, for the compiler only: never set at run time. */
  readonly __reply?: R;
}

/** A domain event, published through the owner's outbox to its JetStream stream. */
export interface EventDefinition<P extends object = object> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: PayloadClass<P>;
}

/** The payload of a command that takes none. */
export class EmptyPayload {}

/** Subjects are dotted and versioned: `<service>.<entity>.<verb>.v<n>`. */
const SUBJECT = /^[a-z]+(\.[a-z0-9-]+)+\.v\d+$/;

function checkedSubject(subject: string): string {
  if (!SUBJECT.test(subject)) throw new Error(`"${subject}" is not a versioned subject such as ledger.withdrawal.requested.v1`);
  return subject;
}

export function defineCommand<P extends object, R>(subject: string, payload: PayloadClass<P>): CommandDefinition<P, R> {
  return Object.freeze({ kind: 'command' as const, subject: checkedSubject(subject), payload });
}

export function defineEvent<P extends object>(subject: string, payload: PayloadClass<P>): EventDefinition<P> {
  return Object.freeze({ kind: 'event' as const, subject: checkedSubject(subject), payload });
}

/** The payload type a definition carries. */
export type PayloadOf<D> = D extends CommandDefinition<infer P, unknown> ? P : D extends EventDefinition<infer P> ? P : never;
/** The reply type of a command definition. */
export type ReplyOf<D> = D extends CommandDefinition<object, infer R> ? R : never;

/** A JetStream stream and the exact event subjects it stores (never a wildcard that could
 * swallow request/reply commands sharing the service's subject prefix). */
export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
  events: readonly EventDefinition[];
}

export function defineStream(name: string, events: Record<string, EventDefinition>): StreamDefinition {
  const list = Object.values(events);
  return Object.freeze({ name, events: list, subjects: list.map((event) => event.subject) });
}

/** The event definition of a subject within a stream, or undefined for a subject the stream does not carry. */
export function eventOf(stream: StreamDefinition, subject: string): EventDefinition | undefined {
  return stream.events.find((event) => event.subject === subject);
}
