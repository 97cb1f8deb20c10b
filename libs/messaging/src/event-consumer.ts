import 'reflect-metadata';
import { BeforeApplicationShutdown, DynamicModule, Injectable, Module, OnApplicationBootstrap, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Span } from '@opentelemetry/api';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JsMsg, NatsConnection, nanos } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { BackendService, DeadLetter, deadLetterSubject, EventDefinition, EventEnvelope, StreamDefinition } from '@portal/contracts';
import { ServiceEnvironment } from '@portal/config';
import { Logger, runWithRequestContext } from '@portal/logging';
import { InvalidEventPayloadError, validEventPayload } from './event-payloads';
import { decodeJson, ensureDeadLetterStream, ensureStream, StreamConfigurationError } from './jetstream';
import { consumerPending, consumerRedelivering, eventsHandled } from './metrics';
import { eventHandled, handleEventOnce } from './outbox';
import { platformSettingsOf } from './platform-settings';
import { inTraceContext, markFailed, startEventSpan } from './trace-propagation';
import { LOGGER, NATS_CONNECTION, SERVICE_ENVIRONMENT, SERVICE_NAME } from './tokens';

/**
 * What a handler gets besides the payload: the whole event, the transaction that records
 * it as handled and, when the handler has a prepare step, what that step returned.
 */
export interface EventContext<P, R = undefined> {
  event: EventEnvelope<P>;
  /** Write through this: the work commits together with the processed-event record, or not at all. */
  manager: EntityManager;
  /** What the prepare step (OnEvent's `prepare`) returned for this attempt, before the transaction opened; undefined without one. */
  prepared: R;
}

/** What a handler's prepare step gets besides the payload. */
export interface EventPreparation<P> {
  event: EventEnvelope<P>;
  /**
   * The service's database outside any transaction: each query takes a pooled connection
   * and gives it back when it is done. Read here; write in the handler.
   */
  manager: EntityManager;
}

export interface OnEventOptions<P, H, R> {
  /**
   * Work done before the handler's transaction opens: a request to another service, say,
   * which must not keep a database connection (and its locks) while it waits. It gets the
   * handler object (`handlers`), the payload and the database outside a transaction; what
   * it returns reaches the handler as `context.prepared`. It runs on every attempt of an
   * event not handled yet, and not for a redelivery of one already handled (that is
   * acknowledged as before). Throwing fails the attempt as the handler throwing does (the
   * event comes back, then is dead-lettered) and nothing is written. What it learned may
   * change before the transaction opens: the handler re-checks in its transaction what it
   * can, and says why the rest cannot change.
   */
  prepare: (handlers: H, payload: P, context: EventPreparation<P>) => Promise<R>;
}

type Prepare = (handlers: object, payload: object, context: EventPreparation<object>) => Promise<unknown>;

interface HandlerMark {
  event: EventDefinition;
  method: string | symbol;
  prepare?: Prepare;
}
const HANDLER_MARKS = Symbol('event handler marks');

/**
 * Sees every event of the streams the service consumes, whether a handler takes it or not,
 * inside the transaction that records the event handled (so once per event): notification's
 * webhooks. Provide it under EVENT_OBSERVER; a service without one skips unhandled subjects.
 */
export interface EventObserver {
  observe(event: EventEnvelope, manager: EntityManager): Promise<void>;
}
export const EVENT_OBSERVER = Symbol('EVENT_OBSERVER');

/**
 * Marks a method as the handler of an event. It receives the validated payload (an
 * instance of the event's payload class) and runs at most once per event id, inside the
 * transaction given in the context. Throwing makes the event come back after a back-off;
 * after the last attempt it goes to the dead-letter stream. With `prepare`, that step runs
 * first, outside the transaction (see OnEventOptions).
 */
export function OnEvent<P extends object, H extends object = object, R = undefined>(event: EventDefinition<P>, options?: OnEventOptions<P, H, R>) {
  return <M extends (payload: P, context: EventContext<P, R>) => Promise<unknown>>(target: H, method: string | symbol, _descriptor: TypedPropertyDescriptor<M>): void => {
    const marks: HandlerMark[] = Reflect.getOwnMetadata(HANDLER_MARKS, target.constructor) ?? [];
    const prepare = options?.prepare as Prepare | undefined;
    Reflect.defineMetadata(HANDLER_MARKS, [...marks, { event, method, prepare }], target.constructor);
  };
}

interface Route {
  event: EventDefinition;
  prepare?: (payload: object, context: EventPreparation<object>) => Promise<unknown>;
  handle: (payload: object, context: EventContext<object, unknown>) => Promise<unknown>;
}

export interface EventConsumerSettings {
  service: BackendService;
  connection: NatsConnection;
  dataSource: DataSource;
  logger: Logger;
  /** Deliveries attempted before the event is dead-lettered. */
  maxAttempts: number;
  /** First redelivery delay; doubles each attempt, capped at a minute. */
  retryDelayMs: number;
  /** Events handled at once (1: strictly one after another). */
  concurrency?: number;
}

/** The redelivery delay after a failed attempt (1-based). */
export function retryDelay(attempt: number, firstDelayMs: number): number {
  return Math.min(60_000, firstDelayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 16));
}

/**
 * The order an event must keep: after the earlier events about the same person, or, for
 * an event that names nobody (a setting, an audit record), after the earlier events of its
 * subject. Events in different lanes are handled at once.
 */
export function orderingLane(event: Pick<EventEnvelope, 'subject' | 'payload'>): string {
  const userId = (event.payload as { userId?: unknown } | null | undefined)?.userId;
  return typeof userId === 'string' ? `user:${userId}` : `subject:${event.subject}`;
}

/**
 * One service's durable consumer of one stream. Replicas share it (its name is the
 * service's), events of subjects nobody here handles are acknowledged and skipped, and
 * each handled event runs once, in its request's context, in one transaction with its
 * processed-event record. An event that cannot succeed goes to the dead-letter stream and
 * the stream moves on. Up to `concurrency` events are handled at once, each lane
 * (orderingLane) in stream order: one slow person or a backlog of one kind does not hold
 * up the rest.
 */
export class DurableEventConsumer {
  private readonly routes = new Map<string, Route>();
  private observer: EventObserver | null = null;
  private messages: ConsumerMessages | null = null;
  private reading: Promise<void> | null = null;
  /** Events this process has dead-lettered since it started. */
  deadLettered = 0;
  private removeGauges: (() => void)[] = [];

  constructor(
    readonly stream: StreamDefinition,
    private readonly settings: EventConsumerSettings,
  ) {}

  get durableName(): string {
    return this.settings.service;
  }

  /** Takes the @OnEvent methods of a handler object for this stream's events (one object may serve several streams). */
  addHandlers(handlers: object): void {
    const marks: HandlerMark[] = Reflect.getOwnMetadata(HANDLER_MARKS, handlers.constructor) ?? [];
    const mine = marks.filter(({ event }) => this.stream.subjects.includes(event.subject));
    if (mine.length === 0) throw new Error(`${handlers.constructor.name} handles no event of the ${this.stream.name} stream`);
    for (const { event, method, prepare } of mine) {
      if (this.routes.has(event.subject)) throw new Error(`${event.subject} has two handlers in ${this.settings.service}`);
      const target = handlers as Record<string | symbol, (payload: object, context: EventContext<object, unknown>) => Promise<unknown>>;
      this.routes.set(event.subject, {
        event,
        prepare: prepare && ((payload, context) => prepare(handlers, payload, context)),
        handle: (payload, context) => target[method](payload, context),
      });
    }
  }

  /** Hands every event of the stream to the observer too (see EventObserver). */
  observeWith(observer: EventObserver): void {
    this.observer = observer;
  }

  async start(): Promise<void> {
    const { connection, service } = this.settings;
    // Started again after a failed attempt: the gauges of that attempt go first.
    for (const remove of this.removeGauges) remove();
    this.removeGauges = [];
    const jsm = await connection.jetstreamManager();
    await ensureStream(jsm, this.stream);
    await ensureDeadLetterStream(jsm);
    const config = {
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(60_000),
      // Unlimited on the server: this consumer counts attempts itself and dead-letters the
      // event, which must not be stopped by the server giving up first.
      max_deliver: -1,
    };
    try {
      await jsm.consumers.info(this.stream.name, service);
      await jsm.consumers.update(this.stream.name, service, config);
    } catch {
      await jsm.consumers.add(this.stream.name, { durable_name: service, deliver_policy: DeliverPolicy.All, ...config });
    }
    const stream = this.stream.name;
    const lag = async () => {
      const info = await jsm.consumers.info(stream, service);
      return { pending: info.num_pending, unacknowledged: info.num_ack_pending };
    };
    this.removeGauges = [
      consumerPending.add(async () => [{ labels: { stream }, value: (await lag()).pending }]),
      consumerRedelivering.add(async () => [{ labels: { stream }, value: (await lag()).unacknowledged }]),
    ];
    const consumer = await connection.jetstream().consumers.get(this.stream.name, service);
    const messages = await consumer.consume({ max_messages: 50 });
    this.messages = messages;
    this.reading = this.read(messages, Math.max(1, this.settings.concurrency ?? 1));
  }

  async stop(): Promise<void> {
    for (const remove of this.removeGauges) remove();
    this.removeGauges = [];
    await this.messages?.close();
    await this.reading?.catch(() => undefined);
    this.messages = null;
  }

  /**
   * Handles an event now, outside the stream (replay of a dead letter): validated and
   * once-only like a delivery. Resolves false when it had already been handled. The
   * handler's prepare step, if any, runs first, with no transaction open.
   */
  async handleNow(event: EventEnvelope): Promise<boolean> {
    const route = this.routes.get(event.subject);
    const observer = this.observer;
    if (!route) {
      if (!observer) return false;
      return runWithRequestContext({ requestId: event.requestId ?? event.id }, () => handleEventOnce(this.settings.dataSource.manager, event, (manager) => observer.observe(event, manager)));
    }
    const payload = await validEventPayload(route.event, event.payload);
    const envelope = { ...event, payload };
    const database = this.settings.dataSource.manager;
    return runWithRequestContext({ requestId: event.requestId ?? event.id }, async () => {
      let prepared: unknown = undefined;
      if (route.prepare) {
        // A redelivery of a handled event is acknowledged without preparing (which may need
        // a service that is away). Only a shortcut: the transaction below still decides.
        if (await eventHandled(database, event)) return false;
        prepared = await route.prepare(payload, { event: envelope, manager: database });
      }
      return handleEventOnce(database, event, async (manager) => {
        await route.handle(payload, { event: envelope, manager, prepared });
        await observer?.observe(event, manager);
      });
    });
  }

  /** Takes deliveries as they come, each behind the last one of its lane, at most `concurrency` at once; resolves when all are done. */
  private async read(messages: ConsumerMessages, concurrency: number): Promise<void> {
    const lanes = new Map<string, Promise<void>>();
    const running = new Set<Promise<void>>();
    for await (const message of messages) {
      let event: EventEnvelope;
      try {
        event = decodeJson<EventEnvelope>(message.data);
        if (typeof event?.id !== 'string' || typeof event.subject !== 'string') throw new Error('not an event envelope');
      } catch (error) {
        await this.deadLetter(message, null, `undecodable: ${String(error)}`);
        continue;
      }
      if (!this.routes.has(event.subject) && !this.observer) {
        message.ack();
        continue;
      }
      const lane = orderingLane(event);
      const task: Promise<void> = (lanes.get(lane) ?? Promise.resolve())
        .then(() => this.receive(message, event))
        .catch((error: unknown) => this.settings.logger.error({ eventId: event.id, err: String(error) }, 'event delivery failed'))
        .finally(() => {
          running.delete(task);
          if (lanes.get(lane) === task) lanes.delete(lane);
        });
      lanes.set(lane, task);
      running.add(task);
      if (running.size >= concurrency) await Promise.race(running);
    }
    await Promise.all(running);
  }

  private async receive(message: JsMsg, event: EventEnvelope): Promise<void> {
    // In the trace of the work that raised the event: the handler's queries and commands
    // join it, and so do this delivery's log lines.
    const handling = startEventSpan(event.subject, message.headers, event);
    try {
      await inTraceContext(handling.context, () => this.handleDelivery(message, event, handling.span));
    } finally {
      handling.span.end();
    }
  }

  private async handleDelivery(message: JsMsg, event: EventEnvelope, span: Span): Promise<void> {
    try {
      const handled = await this.handleNow(event);
      message.ack();
      eventsHandled.inc({ stream: this.stream.name, subject: event.subject, outcome: handled ? 'handled' : 'duplicate' });
      this.settings.logger.debug({ eventId: event.id, subject: event.subject, handled }, handled ? 'event handled' : 'event already handled');
    } catch (error) {
      markFailed(span, error);
      if (error instanceof InvalidEventPayloadError) return this.deadLetter(message, event, error.message);
      const attempt = message.info.deliveryCount;
      if (attempt >= this.settings.maxAttempts) return this.deadLetter(message, event, String(error));
      const delayMs = retryDelay(attempt, this.settings.retryDelayMs);
      eventsHandled.inc({ stream: this.stream.name, subject: event.subject, outcome: 'retried' });
      this.settings.logger.warn({ eventId: event.id, subject: event.subject, attempt, err: String(error), delayMs }, 'event handling failed; will retry');
      message.nak(delayMs);
    }
  }

  private async deadLetter(message: JsMsg, event: EventEnvelope | null, reason: string): Promise<void> {
    const { connection, service, logger } = this.settings;
    const letter: Omit<DeadLetter, 'sequence'> = {
      service,
      stream: this.stream.name,
      streamSequence: message.seq,
      subject: message.subject,
      deliveries: message.info.deliveryCount,
      error: reason.slice(0, 2_000),
      deadLetteredAt: new Date().toISOString(),
      event,
      ...(event ? {} : { raw: new TextDecoder().decode(message.data).slice(0, 10_000) }),
    };
    try {
      await connection.jetstream().publish(deadLetterSubject(service, message.subject), new TextEncoder().encode(JSON.stringify(letter)), {
        msgID: `${service}:${this.stream.name}:${message.seq}`,
      });
    } catch (error) {
      // Not lost: it comes back (the server never gives up) and is dead-lettered then.
      logger.warn({ subject: message.subject, seq: message.seq, err: String(error) }, 'could not dead-letter the event; will retry');
      message.nak(retryDelay(1, this.settings.retryDelayMs));
      return;
    }
    message.term();
    this.deadLettered++;
    eventsHandled.inc({ stream: this.stream.name, subject: message.subject, outcome: 'dead_lettered' });
    logger.error(
      { eventId: event?.id, subject: message.subject, streamSequence: message.seq, deliveries: letter.deliveries, err: letter.error, deadLettered: this.deadLettered },
      'event dead-lettered',
    );
  }
}

/** Every consumer of this process, so operator commands can find the one a dead letter belongs to. */
@Injectable()
export class EventConsumerRegistry {
  readonly consumers: DurableEventConsumer[] = [];

  forStream(name: string): DurableEventConsumer | undefined {
    return this.consumers.find((consumer) => consumer.stream.name === name);
  }
}

const DEFERRED_START_RETRY_MS = 2_000;

function optionalProvider<T>(moduleRef: ModuleRef, token: symbol): T | null {
  try {
    return moduleRef.get<T>(token, { strict: false });
  } catch {
    return null;
  }
}

function consumerLifecycle(stream: StreamDefinition, handlerTypes: Type<object>[]): Type<unknown> {
  @Injectable()
  class StreamConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private consumer: DurableEventConsumer | null = null;
    private stopping = false;

    constructor(
      private readonly moduleRef: ModuleRef,
      private readonly registry: EventConsumerRegistry,
    ) {}

    async onApplicationBootstrap(): Promise<void> {
      const environment = this.moduleRef.get<ServiceEnvironment>(SERVICE_ENVIRONMENT, { strict: false });
      const consumer = new DurableEventConsumer(stream, {
        service: this.moduleRef.get<BackendService>(SERVICE_NAME, { strict: false }),
        connection: this.moduleRef.get<NatsConnection>(NATS_CONNECTION, { strict: false }),
        dataSource: this.moduleRef.get(DataSource, { strict: false }),
        logger: this.moduleRef.get<Logger>(LOGGER, { strict: false }),
        maxAttempts: environment.EVENT_MAX_ATTEMPTS,
        retryDelayMs: environment.EVENT_RETRY_DELAY_MS,
        concurrency: environment.EVENT_CONCURRENCY,
      });
      for (const type of handlerTypes) consumer.addHandlers(this.moduleRef.get(type, { strict: false }));
      const observer = optionalProvider<EventObserver>(this.moduleRef, EVENT_OBSERVER);
      if (observer) consumer.observeWith(observer);
      this.registry.consumers.push(consumer);
      this.consumer = consumer;
      const settings = platformSettingsOf(this.moduleRef);
      const logger = this.moduleRef.get<Logger>(LOGGER, { strict: false });
      const startLater = (): void => {
        if (this.stopping) return;
        consumer.start().catch((error: unknown) => {
          logger.error({ stream: stream.name, err: String(error) }, 'event consumer did not start; retrying');
          setTimeout(startLater, DEFERRED_START_RETRY_MS).unref();
        });
      };
      if (!settings || settings.ready) {
        try {
          return await consumer.start();
        } catch (error) {
          // A stream that cannot take its configuration stops the start. JetStream not
          // answering (a cluster electing leaders after a node died) is waited out: the
          // events stay in the stream until the consumer reads them.
          if (error instanceof StreamConfigurationError) throw error;
          logger.error({ stream: stream.name, err: String(error) }, 'event consumer did not start; retrying');
          setTimeout(startLater, DEFERRED_START_RETRY_MS).unref();
          return;
        }
      }
      // Handlers obey settings (an email toggle, say): events wait in the stream until the
      // settings are known rather than being handled by defaults. Not awaited, so the
      // service starts and reports itself not ready while identity is away.
      void settings.loaded.then(startLater);
    }

    // Before shutdown: a handler in flight finishes while the database and NATS are open.
    async beforeApplicationShutdown(): Promise<void> {
      this.stopping = true;
      await this.consumer?.stop();
    }
  }
  Object.defineProperty(StreamConsumer, 'name', { value: `${stream.name}Consumer` });
  return StreamConsumer;
}

/**
 * Consumes one stream durably for the importing service: list the classes whose @OnEvent
 * methods handle its events (provide them in the feature module as usual). Needs the
 * service's database (ServiceDatabaseModule) for the once-only record.
 */
@Module({})
export class EventConsumerModule {
  static forStream(stream: StreamDefinition, handlers: Type<object>[]): DynamicModule {
    return { module: EventConsumerModule, providers: [consumerLifecycle(stream, handlers)] };
  }
}
