import { JSONCodec, JetStreamManager, RetentionPolicy, StorageType, nanos } from 'nats';
import { DEAD_LETTER_STREAM, EventEnvelope, StreamDefinition } from '@portal/contracts';

const codec = JSONCodec();

// Long enough to replay a consumer that was down for days; short because events can
// carry single-use links and personal data.
const EVENT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
// Dead letters wait for an operator: kept longer than events, still not forever.
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

// Copies of each stream kept by a NATS cluster: 1 on a single server, 3 in production.
let streamReplicas = 1;

/** Set once at start from JETSTREAM_REPLICAS; streams created afterwards use it. */
export function configureStreamReplicas(replicas: number): void {
  streamReplicas = replicas;
}

function isStreamNotFound(error: unknown): boolean {
  return (error as { code?: string }).code === '404' || String(error).includes('stream not found');
}

/** A stream read by a process that does not own it, before its owning service has created it. */
export class StreamNotCreatedYet extends Error {
  constructor(readonly stream: string) {
    super(`JetStream stream ${stream} does not exist yet; the service that owns it creates it`);
    this.name = 'StreamNotCreatedYet';
  }
}

/**
 * For a process that only reads a stream (the gateway): checks that the stream exists and
 * never creates it. Only the owning service, configured with JETSTREAM_REPLICAS, creates a
 * stream, so a reader that starts first cannot leave it with one copy in a cluster; it
 * retries until the owner has done so.
 */
export async function requireStream(jsm: JetStreamManager, name: string): Promise<void> {
  try {
    await jsm.streams.info(name);
  } catch (error) {
    if (isStreamNotFound(error)) throw new StreamNotCreatedYet(name);
    throw error;
  }
}

/** Creates the stream, or widens its subject list when a release adds events. */
export async function ensureStream(jsm: JetStreamManager, stream: Pick<StreamDefinition, 'name' | 'subjects'>): Promise<void> {
  try {
    const info = await jsm.streams.info(stream.name);
    const subjects = new Set(info.config.subjects ?? []);
    if (stream.subjects.every((subject) => subjects.has(subject))) return;
    await jsm.streams.update(stream.name, { ...info.config, subjects: [...new Set([...subjects, ...stream.subjects])] });
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    await jsm.streams.add({
      name: stream.name,
      subjects: [...stream.subjects],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: nanos(EVENT_MAX_AGE_MS),
      duplicate_window: nanos(10 * 60 * 1000),
      num_replicas: streamReplicas,
    });
  }
}

/** The one dead-letter stream; direct get lets a service list its own letters by subject. */
export async function ensureDeadLetterStream(jsm: JetStreamManager): Promise<void> {
  try {
    await jsm.streams.info(DEAD_LETTER_STREAM.name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    await jsm.streams.add({
      name: DEAD_LETTER_STREAM.name,
      subjects: [`${DEAD_LETTER_STREAM.subjectPrefix}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
      duplicate_window: nanos(10 * 60 * 1000),
      allow_direct: true,
      num_replicas: streamReplicas,
    });
  }
}

export function encodeEvent(envelope: EventEnvelope): Uint8Array {
  return codec.encode(envelope);
}

export function decodeJson<T>(data: Uint8Array): T {
  return codec.decode(data) as T;
}
