import { Controller, Type } from '@nestjs/common';
import { JetStreamManager, NatsConnection, StoredMsg } from 'nats';
import {
  BackendService,
  DEAD_LETTER_STREAM,
  DeadLetter,
  deadLetterCommands,
  DeadLetterList,
  ReplayDeadLetterPayload,
  ReplayDeadLetterResult,
} from '@portal/contracts';
import { HandlesCommand } from './command-handler';
import { EventConsumerRegistry } from './event-consumer';
import { InvalidEventPayloadError } from './event-payloads';
import { decodeJson, ensureDeadLetterStream } from './jetstream';
import { CommandPayload } from './rpc';
import { ServiceError } from './service-error';

const LIST_LIMIT = 200;

/** nats.js 2 implements direct get (next message by subject) on the manager but leaves it out of its public type. */
type WithDirectGet = JetStreamManager & { direct: { getMessage(stream: string, query: { seq: number; next_by_subj: string }): Promise<StoredMsg> } };

function isNotFound(error: unknown): boolean {
  return (error as { code?: string }).code === '404' || /no message found|not found/i.test(String(error));
}

/** Reads and replays a service's own dead letters in the shared dead-letter stream. */
export class DeadLetterOffice {
  constructor(
    private readonly service: BackendService,
    private readonly connection: NatsConnection,
    private readonly registry: EventConsumerRegistry,
  ) {}

  private get filter(): string {
    return `${DEAD_LETTER_STREAM.subjectPrefix}.${this.service}.>`;
  }

  /** The oldest letters first (up to 200) and how many there are in all. */
  async list(): Promise<DeadLetterList> {
    const jsm = await this.connection.jetstreamManager();
    await ensureDeadLetterStream(jsm);
    const info = await jsm.streams.info(DEAD_LETTER_STREAM.name, { subjects_filter: this.filter });
    const total = Object.values(info.state.subjects ?? {}).reduce((sum, count) => sum + count, 0);
    const items: DeadLetter[] = [];
    let seq = 1;
    while (items.length < Math.min(total, LIST_LIMIT)) {
      let stored;
      try {
        stored = await (jsm as WithDirectGet).direct.getMessage(DEAD_LETTER_STREAM.name, { seq, next_by_subj: this.filter });
      } catch (error) {
        if (isNotFound(error)) break;
        throw error;
      }
      items.push({ ...decodeJson<Omit<DeadLetter, 'sequence'>>(stored.data), sequence: stored.seq });
      seq = stored.seq + 1;
    }
    return { items, total };
  }

  /**
   * Runs the event through its handler again (once-only, as a delivery would); on success
   * the letter is removed. A failure leaves it in place and answers 409 with the reason.
   */
  async replay(sequence: number): Promise<ReplayDeadLetterResult> {
    const jsm = await this.connection.jetstreamManager();
    let stored;
    try {
      stored = await jsm.streams.getMessage(DEAD_LETTER_STREAM.name, { seq: sequence });
    } catch (error) {
      if (isNotFound(error)) throw ServiceError.notFound(`There is no dead letter ${sequence}.`, 'dead_letter_not_found');
      throw error;
    }
    if (!stored.subject.startsWith(`${DEAD_LETTER_STREAM.subjectPrefix}.${this.service}.`)) {
      throw ServiceError.notFound(`There is no dead letter ${sequence}.`, 'dead_letter_not_found');
    }
    const letter = decodeJson<DeadLetter>(stored.data);
    if (!letter.event) throw ServiceError.conflict('This event could not be decoded and cannot be replayed.', 'dead_letter_undecodable');
    const consumer = this.registry.forStream(letter.stream);
    if (!consumer) throw ServiceError.conflict(`This service no longer consumes ${letter.stream}.`, 'dead_letter_no_consumer');
    let handled: boolean;
    try {
      handled = await consumer.handleNow(letter.event);
    } catch (error) {
      const reason = error instanceof InvalidEventPayloadError ? error.message : String(error);
      throw ServiceError.conflict(`The event failed again: ${reason}`, 'dead_letter_failed_again');
    }
    await jsm.streams.deleteMessage(DEAD_LETTER_STREAM.name, sequence);
    return { sequence, eventId: letter.event.id, handled };
  }
}

/** The operator commands of one service (internal: the gateway never forwards them). */
export function deadLetterController(service: BackendService): Type<unknown> {
  const commands = deadLetterCommands(service);
  @Controller()
  class DeadLetterController {
    constructor(private readonly office: DeadLetterOffice) {}

    @HandlesCommand(commands.list)
    list(): Promise<DeadLetterList> {
      return this.office.list();
    }

    @HandlesCommand(commands.replay)
    replay(@CommandPayload() payload: ReplayDeadLetterPayload): Promise<ReplayDeadLetterResult> {
      return this.office.replay(payload.sequence);
    }
  }
  return DeadLetterController;
}
