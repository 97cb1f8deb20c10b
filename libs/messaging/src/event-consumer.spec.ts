import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IsString } from 'class-validator';
import type { NatsConnection } from 'nats';
import type { DataSource, EntityManager } from 'typeorm';
import { defineEvent, defineStream, EventEnvelope } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { DurableEventConsumer, EventContext, EventPreparation, OnEvent, retryDelay } from './event-consumer';

describe('retryDelay', () => {
  it('starts at the first delay and doubles with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(1, 250)).toBe(250);
    expect(retryDelay(3, 250)).toBe(1_000);
  });

  it('is capped at one minute', () => {
    expect(retryDelay(7, 1_000)).toBe(60_000);
    expect(retryDelay(30, 1_000)).toBe(60_000);
    expect(retryDelay(1_000, 1)).toBe(60_000);
    expect(retryDelay(1, 120_000)).toBe(60_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(retryDelay(0, 1_000)).toBe(1_000);
    expect(retryDelay(-3, 1_000)).toBe(1_000);
  });
});

class FilesAsked {
  @IsString() userId: string;
}
const FileEvents = { asked: defineEvent('ledger.files.asked.v1', FilesAsked), plain: defineEvent('ledger.files.plain.v1', FilesAsked) };
const FILE_STREAM = defineStream('TEST_FILES', FileEvents);

/**
 * A service database that records what runs where: every query, in a transaction or not,
 * and the processed-event rows (committed with their transaction, or not at all).
 */
function recordingDatabase() {
  const log: string[] = [];
  const handled = new Set<string>();
  let inTransaction = false;
  const connection = { getMetadata: () => ({ schema: 'ledger', tableName: 'processed_events' }), driver: { escape: (name: string) => `"${name}"` } };
  const outside = {
    connection,
    query: async (sql: string, parameters: string[]) => {
      log.push(inTransaction ? 'query while a transaction is open' : 'query');
      return sql.startsWith('SELECT 1') && handled.has(parameters[0]) ? [{ '?column?': 1 }] : [];
    },
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      inTransaction = true;
      log.push('begin');
      const recorded: string[] = [];
      const inside = {
        connection,
        query: async (sql: string, parameters: string[]) => {
          if (!sql.startsWith('INSERT')) return [];
          if (handled.has(parameters[0]) || recorded.includes(parameters[0])) return [];
          recorded.push(parameters[0]);
          return [{ event_id: parameters[0] }];
        },
      };
      try {
        const result = await work(inside as unknown as EntityManager);
        recorded.forEach((id) => handled.add(id));
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      } finally {
        inTransaction = false;
      }
    },
  };
  return { log, handled, isInTransaction: () => inTransaction, dataSource: { manager: outside } as unknown as DataSource, manager: outside as unknown as EntityManager };
}

describe('an event handler with a prepare step', () => {
  let database: ReturnType<typeof recordingDatabase>;
  /** What the prepare step of `asked` answers, or throws: another service's answer, in a real handler. */
  let answer: () => Promise<string[]>;

  class FileHandlers {
    readonly prefix = 'erase:';

    @OnEvent(FileEvents.asked, {
      prepare: async (handlers: FileHandlers, payload, { event, manager }: EventPreparation<FilesAsked>) => {
        database.log.push(`prepare ${payload.userId} of ${event.id}, ${database.isInTransaction() ? 'in a transaction' : 'no transaction open'}`);
        await manager.query('SELECT file_id FROM ledger.files WHERE owner_id = $1', [payload.userId]);
        return (await answer()).map((id) => `${handlers.prefix}${id}`);
      },
    })
    async asked(payload: FilesAsked, { manager, prepared }: EventContext<FilesAsked, string[]>): Promise<void> {
      database.log.push(`handle ${payload.userId} with ${prepared.join(',')}, ${database.isInTransaction() ? 'in the transaction' : 'no transaction open'}`);
      await manager.query('DELETE FROM ledger.files WHERE id = ANY($1)', [prepared]);
    }

    @OnEvent(FileEvents.plain)
    async plain(payload: FilesAsked, { prepared }: EventContext<FilesAsked>): Promise<void> {
      database.log.push(`plain ${payload.userId}, prepared ${String(prepared)}`);
    }
  }

  function consumer(): DurableEventConsumer {
    const built = new DurableEventConsumer(FILE_STREAM, {
      service: 'ledger',
      connection: {} as NatsConnection,
      dataSource: database.dataSource,
      logger: {} as Logger,
      maxAttempts: 3,
      retryDelayMs: 10,
    });
    built.addHandlers(new FileHandlers());
    return built;
  }
  const event = (subject: string, userId: string): EventEnvelope => ({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload: { userId } });

  beforeEach(() => {
    database = recordingDatabase();
    answer = async () => ['a', 'b'];
  });

  it('runs the step before the transaction opens, with the handler object, and hands its result to the handler inside the transaction', async () => {
    const asked = event(FileEvents.asked.subject, 'ada');
    expect(await consumer().handleNow(asked)).toBe(true);
    expect(database.log).toEqual([
      'query', // not handled yet?
      `prepare ada of ${asked.id}, no transaction open`,
      'query', // the step's own read, outside a transaction
      'begin',
      'handle ada with erase:a,erase:b, in the transaction',
      'commit',
    ]);
    expect(database.handled.has(asked.id)).toBe(true);
  });

  it('writes nothing and opens no transaction when the step fails; the next attempt prepares again', async () => {
    const asked = event(FileEvents.asked.subject, 'bob');
    answer = async () => {
      throw new Error('applications did not answer');
    };
    const handler = consumer();
    await expect(handler.handleNow(asked)).rejects.toThrow('applications did not answer');
    expect(database.log).not.toContain('begin');
    expect(database.handled.has(asked.id)).toBe(false);

    answer = async () => ['c'];
    expect(await handler.handleNow(asked)).toBe(true);
    expect(database.log.filter((line) => line.startsWith('prepare'))).toHaveLength(2);
    expect(database.log.slice(-3)).toEqual(['begin', 'handle bob with erase:c, in the transaction', 'commit']);
  });

  it('acknowledges a redelivery of a handled event without preparing it again', async () => {
    const asked = event(FileEvents.asked.subject, 'cyd');
    const handler = consumer();
    expect(await handler.handleNow(asked)).toBe(true);
    answer = async () => {
      throw new Error('applications is away');
    };
    database.log.length = 0;
    expect(await handler.handleNow(asked)).toBe(false);
    expect(database.log).toEqual(['query']);
  });

  it('lets the transaction decide when another delivery handles the event while this one prepares', async () => {
    const asked = event(FileEvents.asked.subject, 'dee');
    answer = async () => {
      database.handled.add(asked.id);
      return ['d'];
    };
    expect(await consumer().handleNow(asked)).toBe(false);
    expect(database.log.some((line) => line.startsWith('handle'))).toBe(false);
  });

  it('runs a handler without a prepare step as before: straight in the transaction, nothing prepared', async () => {
    const plain = event(FileEvents.plain.subject, 'eve');
    expect(await consumer().handleNow(plain)).toBe(true);
    expect(database.log).toEqual(['begin', 'plain eve, prepared undefined', 'commit']);
  });
});

describe('an event observer (webhooks)', () => {
  let database: ReturnType<typeof recordingDatabase>;
  const OtherEvents = { ...FileEvents, unhandled: defineEvent('ledger.files.unhandled.v1', FilesAsked) };
  const OTHER_STREAM = defineStream('TEST_FILES_OBSERVED', OtherEvents);

  class PlainHandlers {
    @OnEvent(FileEvents.plain)
    async plain(payload: FilesAsked): Promise<void> {
      database.log.push(`plain ${payload.userId}`);
    }
  }

  function observed(): DurableEventConsumer {
    const built = new DurableEventConsumer(OTHER_STREAM, { service: 'notification', connection: {} as NatsConnection, dataSource: database.dataSource, logger: {} as Logger, maxAttempts: 3, retryDelayMs: 10 });
    built.addHandlers(new PlainHandlers());
    built.observeWith({
      observe: async (event) => {
        database.log.push(`observe ${event.subject}, ${database.isInTransaction() ? 'in the transaction' : 'no transaction open'}`);
      },
    });
    return built;
  }
  const event = (subject: string): EventEnvelope => ({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload: { userId: 'fay' } });

  beforeEach(() => {
    database = recordingDatabase();
  });

  it('sees a handled event after its handler, in the same transaction, once', async () => {
    const plain = event(FileEvents.plain.subject);
    const consumer = observed();
    expect(await consumer.handleNow(plain)).toBe(true);
    expect(await consumer.handleNow(plain)).toBe(false);
    expect(database.log).toEqual(['begin', 'plain fay', `observe ${FileEvents.plain.subject}, in the transaction`, 'commit', 'begin', 'commit']);
  });

  it('sees an event no handler takes, once, recorded as handled', async () => {
    const unhandled = event(OtherEvents.unhandled.subject);
    const consumer = observed();
    expect(await consumer.handleNow(unhandled)).toBe(true);
    expect(await consumer.handleNow(unhandled)).toBe(false);
    expect(database.log).toEqual(['begin', `observe ${OtherEvents.unhandled.subject}, in the transaction`, 'commit', 'begin', 'commit']);
    expect(database.handled.has(unhandled.id)).toBe(true);
  });
});
