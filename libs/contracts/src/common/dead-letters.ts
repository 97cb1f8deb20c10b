import { IsInt, Min } from 'class-validator';
import { EventEnvelope } from './events';
import { BackendService } from './health';
import { CommandDefinition, defineCommand, EmptyPayload } from './messages';

/**
 * Where a consumer puts an event it could not handle after its last attempt (or at once,
 * when the event can never be handled: undecodable, or a payload breaking its contract),
 * so that one poisoned event neither blocks the stream nor disappears. One stream for
 * every service; subjects `dead-letter.<service>.<original subject>`.
 */
export const DEAD_LETTER_STREAM = { name: 'DEAD_LETTERS', subjectPrefix: 'dead-letter' } as const;

export function deadLetterSubject(service: BackendService, originalSubject: string): string {
  return `${DEAD_LETTER_STREAM.subjectPrefix}.${service}.${originalSubject}`;
}

/** A dead-lettered event as stored, with why and after how many deliveries. */
export interface DeadLetter {
  /** Its sequence in the dead-letter stream: what replay takes. */
  sequence: number;
  service: BackendService;
  /** The stream and sequence the event came from. */
  stream: string;
  streamSequence: number;
  subject: string;
  deliveries: number;
  error: string;
  deadLetteredAt: string;
  /** The event as received; null when it could not even be decoded (then `raw` holds the text). */
  event: EventEnvelope | null;
  raw?: string;
}

export interface DeadLetterList {
  items: DeadLetter[];
  total: number;
}

export class ReplayDeadLetterPayload {
  @IsInt()
  @Min(1)
  sequence: number;
}

export interface ReplayDeadLetterResult {
  sequence: number;
  eventId: string;
  /** False when the event had meanwhile been handled: nothing was done twice. */
  handled: boolean;
}

/** Operator commands every service answers about its own dead letters (never exposed by the gateway). */
export function deadLetterCommands(service: BackendService): {
  list: CommandDefinition<EmptyPayload, DeadLetterList>;
  replay: CommandDefinition<ReplayDeadLetterPayload, ReplayDeadLetterResult>;
} {
  return {
    list: defineCommand<EmptyPayload, DeadLetterList>(`${service}.dead-letters.list.v1`, EmptyPayload),
    replay: defineCommand<ReplayDeadLetterPayload, ReplayDeadLetterResult>(`${service}.dead-letters.replay.v1`, ReplayDeadLetterPayload),
  };
}
