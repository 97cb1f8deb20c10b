import type { EventDefinition, EventEnvelope } from '@portal/contracts';

/** What to do with one kind of event: its payload arrives typed by the event's definition. */
export type EventRoute = (event: EventEnvelope) => Promise<void>;

/**
 * Subject → route, each route typed by its definitions' payload. The one place a payload
 * read from the wire is taken as its definition's type (the owning service validated it
 * against that class before publishing it).
 */
export class EventRoutes {
  private readonly routes = new Map<string, EventRoute>();

  on<P extends object>(events: readonly EventDefinition<P>[], handle: (payload: P, event: EventEnvelope) => Promise<void>): this {
    for (const definition of events) this.routes.set(definition.subject, (event) => handle(event.payload as P, event));
    return this;
  }

  /** Routes the event; one nobody asked for (audit records, other users' events) is skipped. */
  async dispatch(event: EventEnvelope): Promise<void> {
    await this.routes.get(event.subject)?.(event);
  }
}
