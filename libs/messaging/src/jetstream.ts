import { DiscardPolicy, JSONCodec, JetStreamManager, RetentionPolicy, StorageType, StreamConfig, StreamInfo, nanos } from 'nats';
import { DEAD_LETTER_STREAM, EventEnvelope, StreamDefinition } from '@portal/contracts';
import { ConfigurationError } from '@portal/config';

const codec = JSONCodec();
const DAY_MS = 24 * 3600 * 1000;

/**
 * What every stream is held to, from configuration (JETSTREAM_*), set once at start:
 * copies in a cluster, and size and age limits. Events are kept long enough to replay a
 * consumer that was down for days, not longer, because they can carry single-use links and
 * personal data; dead letters wait for an operator and are kept longer.
 */
export interface StreamSettings {
  replicas: number;
  maxBytes: number;
  maxAgeDays: number;
  deadLetterMaxAgeDays: number;
}

export const DEFAULT_STREAM_SETTINGS: Readonly<StreamSettings> = Object.freeze({ replicas: 1, maxBytes: 1024 ** 3, maxAgeDays: 7, deadLetterMaxAgeDays: 30 });

let streamSettings: StreamSettings = { ...DEFAULT_STREAM_SETTINGS };

/** Set once at start from the JETSTREAM_* variables; streams created or reconciled afterwards use them. */
export function configureStreams(settings: Partial<StreamSettings>): void {
  streamSettings = { ...streamSettings, ...settings };
}

/** The settings in force (for tests and logs). */
export function currentStreamSettings(): Readonly<StreamSettings> {
  return streamSettings;
}

/**
 * A stream that cannot be brought to its configuration: the process stops at start with
 * the stream's name and each difference, instead of running on a stream that silently
 * keeps its old replicas or limits.
 */
export class StreamConfigurationError extends ConfigurationError {
  constructor(
    readonly stream: string,
    readonly differences: string[],
    reason: string,
  ) {
    super([`JetStream stream ${stream} cannot be brought to its configuration (${differences.join('; ')}): ${reason}`]);
    this.name = 'StreamConfigurationError';
  }
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

/** Event streams store exact subjects only: a wildcard could swallow the request/reply commands sharing a service's subject prefix. */
function exactSubjects(stream: Pick<StreamDefinition, 'name' | 'subjects'>): string[] {
  const wildcards = stream.subjects.filter((subject) => subject.split('.').some((token) => token === '*' || token === '>'));
  if (wildcards.length > 0) throw new Error(`stream ${stream.name} must list exact event subjects, not ${wildcards.join(', ')}`);
  return [...stream.subjects];
}

function limitsOf(maxAgeDays: number): Partial<StreamConfig> {
  return {
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    // A full stream refuses new events rather than dropping ones a consumer has not read
    // yet: the outbox keeps them and retries, and the backlog shows on its gauge.
    discard: DiscardPolicy.New,
    max_bytes: streamSettings.maxBytes,
    max_age: nanos(maxAgeDays * DAY_MS),
    duplicate_window: nanos(10 * 60 * 1000),
    num_replicas: streamSettings.replicas,
  };
}

/** Fields a reconcile compares, in the order differences are reported. */
const RECONCILED: (keyof StreamConfig)[] = ['storage', 'retention', 'num_replicas', 'max_bytes', 'max_age', 'discard', 'duplicate_window', 'allow_direct'];

const shown = (field: keyof StreamConfig, value: unknown) =>
  value === undefined ? 'unset' : (field === 'max_age' || field === 'duplicate_window') && typeof value === 'number' ? `${value / 1e9}s` : String(value);

function isServerRefusal(error: unknown): error is { api_error: { description?: string; err_code?: number } } {
  return typeof (error as { api_error?: unknown }).api_error === 'object' && (error as { api_error?: unknown }).api_error !== null;
}

/**
 * Creates the stream, or brings an existing one to the configuration: subjects added by a
 * release (never removed, so an older replica still rolling cannot narrow the stream),
 * replicas and limits. What cannot change (its storage), or what the server refuses (three
 * replicas on a single server), stops with a StreamConfigurationError naming the stream and
 * each difference. Replicas starting together may both create: the loser reconciles.
 */
async function reconcileStream(jsm: JetStreamManager, wanted: Partial<StreamConfig> & { name: string; subjects: string[] }, attempt = 0): Promise<void> {
  let info: StreamInfo;
  try {
    info = await jsm.streams.info(wanted.name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    try {
      await jsm.streams.add(wanted);
      return;
    } catch (addError) {
      // 10058: created meanwhile by another replica (with another configuration); reconcile it.
      if (isServerRefusal(addError) && addError.api_error.err_code === 10058 && attempt === 0) return reconcileStream(jsm, wanted, attempt + 1);
      if (isServerRefusal(addError)) throw new StreamConfigurationError(wanted.name, ['does not exist'], addError.api_error.description ?? String(addError));
      throw addError;
    }
  }
  const current = info.config;
  // A server outside a cluster takes an update to three replicas and reports it, yet keeps one copy.
  if ((wanted.num_replicas ?? 1) > 1 && !info.cluster) {
    throw new StreamConfigurationError(wanted.name, [`num_replicas ${current.num_replicas}, wanted ${wanted.num_replicas}`], 'the NATS server is not part of a JetStream cluster, so it keeps one copy whatever the stream says (set JETSTREAM_REPLICAS=1)');
  }
  const missing = wanted.subjects.filter((subject) => !(current.subjects ?? []).includes(subject));
  const changed = RECONCILED.filter((field) => wanted[field] !== undefined && wanted[field] !== current[field]);
  const differences = [
    ...(missing.length > 0 ? [`subjects lack ${missing.join(', ')}`] : []),
    ...changed.map((field) => `${field} ${shown(field, current[field])}, wanted ${shown(field, wanted[field])}`),
  ];
  if (differences.length === 0) return;
  if (changed.includes('storage')) throw new StreamConfigurationError(wanted.name, differences, 'a stream cannot change its storage type; move its messages to a new stream or delete it');
  const update: Partial<StreamConfig> = { ...current, subjects: [...(current.subjects ?? []), ...missing] };
  for (const field of changed) (update as Record<string, unknown>)[field] = wanted[field];
  try {
    await jsm.streams.update(wanted.name, update);
  } catch (error) {
    if (isServerRefusal(error)) throw new StreamConfigurationError(wanted.name, differences, `the server refused the update: ${error.api_error.description ?? String(error)}`);
    throw error;
  }
}

/** Creates an event stream, or reconciles it with its definition and the configured replicas and limits. */
export async function ensureStream(jsm: JetStreamManager, stream: Pick<StreamDefinition, 'name' | 'subjects'>): Promise<void> {
  await reconcileStream(jsm, { name: stream.name, subjects: exactSubjects(stream), ...limitsOf(streamSettings.maxAgeDays) });
}

/** The one dead-letter stream (created or reconciled); direct get lets a service list its own letters by subject. */
export async function ensureDeadLetterStream(jsm: JetStreamManager): Promise<void> {
  await reconcileStream(jsm, {
    name: DEAD_LETTER_STREAM.name,
    subjects: [`${DEAD_LETTER_STREAM.subjectPrefix}.>`],
    ...limitsOf(streamSettings.deadLetterMaxAgeDays),
    allow_direct: true,
  });
}

export function encodeEvent(envelope: EventEnvelope): Uint8Array {
  return codec.encode(envelope);
}

export function decodeJson<T>(data: Uint8Array): T {
  return codec.decode(data) as T;
}
