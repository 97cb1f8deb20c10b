import { randomBytes } from 'node:crypto';
import {
  BACKEND_SERVICES,
  BUS_ACCESS,
  BUS_PROCESSES,
  BusAccess,
  BusProcess,
  commandsServedBy,
  DEAD_LETTER_STREAM,
  deadLetterSubjects,
  EVENT_STREAMS,
  EVENTS_READER,
} from '@portal/contracts';
import { inboxPrefixOf } from './nats-connection';

/**
 * The NATS permissions of each process, from the bus access registry (BUS_ACCESS in the
 * contracts): what `npm run nats:config` writes and the end-to-end stacks run with.
 * The JetStream API subjects are those nats.js 2.29 uses against nats-server 2.9:
 *   stream info/create/update  $JS.API.STREAM.{INFO,CREATE,UPDATE}.<stream>
 *   consumer create            $JS.API.CONSUMER.CREATE.<stream>.<name>[.<filter>] (2.9),
 *                              $JS.API.CONSUMER.DURABLE.CREATE.<stream>.<durable> (older servers)
 *   consumer info, pull        $JS.API.CONSUMER.INFO.<stream>.<name>, $JS.API.CONSUMER.MSG.NEXT.<stream>.<name>
 *   acknowledgement            $JS.ACK.<stream>.<consumer>.…
 *   account check              $JS.API.INFO (jetstreamManager())
 * Replies come to the login's own `_INBOX_<login>.…` subjects; a service answers the commands it
 * receives through `allow_responses` (only to the reply subject of a message it got).
 */

/** A login's permissions in nats-server's terms. */
export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[]; deny?: string[] };
  allow_responses?: boolean;
}

export const JS_API = '$JS.API';
/** The replies a login may read: its own (natsAuthOptions gives each login its inbox prefix). */
const inboxesOf = (user: string) => `${inboxPrefixOf(user)}.>`;

/**
 * The operators' login (`npm run dead-letters`, a test acting as an operator): may send
 * any command a service answers, and nothing on JetStream. Kept by the operators, never
 * given to a process.
 */
export const OPERATOR = 'operator';

/** The login names: one per process, the events reader and the operators. */
export const NATS_USERS = [...BUS_PROCESSES, EVENTS_READER, OPERATOR] as const;
export type NatsUser = (typeof NATS_USERS)[number];

function durableConsumerApi(stream: string, durable: string): string[] {
  return [
    `${JS_API}.CONSUMER.INFO.${stream}.${durable}`,
    `${JS_API}.CONSUMER.CREATE.${stream}.${durable}`,
    `${JS_API}.CONSUMER.CREATE.${stream}.${durable}.>`,
    `${JS_API}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
    `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
}

/** Everything on a service's durable consumer except reading its info: what another login must not do to it. */
function foreignDurableApi(stream: string, durable: string): string[] {
  return [
    `${JS_API}.CONSUMER.CREATE.${stream}.${durable}`,
    `${JS_API}.CONSUMER.CREATE.${stream}.${durable}.>`,
    `${JS_API}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
    `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `${JS_API}.CONSUMER.DELETE.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
}

/** The durable consumers of a stream and whose they are. */
function durablesOf(stream: string): { durable: string; owner: BusProcess }[] {
  return BUS_PROCESSES.flatMap((process) => BUS_ACCESS[process].consumes.filter((read) => read.stream.name === stream).map((read) => ({ durable: read.durable, owner: process })));
}

function unique(subjects: string[]): string[] {
  return [...new Set(subjects)];
}

export function processPermissions(access: BusAccess): NatsPermissions {
  const publish: string[] = [...access.calls.map((command) => command.subject), `${JS_API}.INFO`];
  const deny: string[] = [];
  const streamApi = (stream: string) =>
    access.createsStreams ? [`${JS_API}.STREAM.INFO.${stream}`, `${JS_API}.STREAM.CREATE.${stream}`, `${JS_API}.STREAM.UPDATE.${stream}`] : [`${JS_API}.STREAM.INFO.${stream}`];
  if (access.publishes) publish.push(...access.publishes.subjects, ...streamApi(access.publishes.name));
  for (const { stream, durable } of access.consumes) publish.push(...streamApi(stream.name), ...durableConsumerApi(stream.name, durable));
  for (const { stream, filter } of access.liveReads) {
    // Ordered consumers have random names: any name on this stream, except the services' durables.
    publish.push(
      ...streamApi(stream.name),
      filter ? `${JS_API}.CONSUMER.CREATE.${stream.name}.*.${filter}` : `${JS_API}.CONSUMER.CREATE.${stream.name}.*`,
      `${JS_API}.CONSUMER.INFO.${stream.name}.*`,
      `${JS_API}.CONSUMER.MSG.NEXT.${stream.name}.*`,
      `${JS_API}.CONSUMER.DELETE.${stream.name}.*`,
    );
    for (const { durable, owner } of durablesOf(stream.name)) if (owner !== access.process) deny.push(...foreignDurableApi(stream.name, durable));
  }
  if (access.deadLetters && access.process !== 'gateway') {
    const letters = DEAD_LETTER_STREAM.name;
    publish.push(
      deadLetterSubjects(access.process),
      `${JS_API}.STREAM.INFO.${letters}`,
      `${JS_API}.STREAM.CREATE.${letters}`,
      `${JS_API}.DIRECT.GET.${letters}`,
      `${JS_API}.STREAM.MSG.GET.${letters}`,
      `${JS_API}.STREAM.MSG.DELETE.${letters}`,
    );
  }
  const served = access.process === 'gateway' ? [] : commandsServedBy(access.process).map((command) => command.subject);
  return {
    publish: { allow: unique(publish), ...(deny.length > 0 ? { deny: unique(deny) } : {}) },
    subscribe: { allow: [...served, inboxesOf(access.process)] },
    ...(served.length > 0 ? { allow_responses: true } : {}),
  };
}

/**
 * The events reader: its own durable consumers on the event streams (create, info, pull,
 * acknowledge) and nothing else: no command, no event published, no stream created,
 * changed, purged or deleted, no message deleted, no consumer deleted, and none of the
 * services' durable consumers touched.
 */
export function eventsReaderPermissions(): NatsPermissions {
  const allow = [`${JS_API}.INFO`];
  const deny: string[] = [];
  for (const { name } of EVENT_STREAMS) {
    allow.push(
      `${JS_API}.STREAM.INFO.${name}`,
      `${JS_API}.CONSUMER.CREATE.${name}.*`,
      `${JS_API}.CONSUMER.CREATE.${name}.*.>`,
      `${JS_API}.CONSUMER.DURABLE.CREATE.${name}.*`,
      `${JS_API}.CONSUMER.INFO.${name}.*`,
      `${JS_API}.CONSUMER.MSG.NEXT.${name}.*`,
      `$JS.ACK.${name}.*.>`,
    );
    for (const { durable } of durablesOf(name)) deny.push(...foreignDurableApi(name, durable));
  }
  return { publish: { allow, deny: unique(deny) }, subscribe: { allow: [inboxesOf(EVENTS_READER)] } };
}

export function operatorPermissions(): NatsPermissions {
  const commands = BACKEND_SERVICES.flatMap((service) => commandsServedBy(service).map((command) => command.subject));
  return { publish: { allow: commands }, subscribe: { allow: [inboxesOf(OPERATOR)] } };
}

export function natsPermissions(user: NatsUser): NatsPermissions {
  if (user === EVENTS_READER) return eventsReaderPermissions();
  if (user === OPERATOR) return operatorPermissions();
  return processPermissions(BUS_ACCESS[user]);
}

export interface NatsLogin {
  user: NatsUser;
  password: string;
}

export interface NatsConfigurationOptions {
  host?: string;
  port?: number;
  /** JetStream's storage directory. */
  storeDir: string;
  /** Given passwords (tests); random otherwise. */
  passwords?: Partial<Record<NatsUser, string>>;
}

export interface NatsConfiguration {
  /** The whole nats-server configuration file. */
  conf: string;
  logins: NatsLogin[];
}

/** 32 random bytes, URL-safe: nothing to quote in an env file or the configuration. */
export function randomNatsPassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A complete nats-server configuration with one user per process and the events reader.
 * Passwords are in plain text (nats-server also takes bcrypt hashes, but no bcrypt
 * implementation is installed here): the file is a secret like the env files.
 */
export function natsConfiguration(options: NatsConfigurationOptions): NatsConfiguration {
  const logins: NatsLogin[] = NATS_USERS.map((user) => ({ user, password: options.passwords?.[user] ?? randomNatsPassword() }));
  const users = logins.map(({ user, password }) => ({ user, password, permissions: natsPermissions(user) }));
  const conf = [
    '# Generated by `npm run nats:config` from the bus access registry (libs/contracts/src/bus/access.ts). Do not edit.',
    `listen: ${JSON.stringify(`${options.host ?? '0.0.0.0'}:${options.port ?? 4222}`)}`,
    `jetstream: { store_dir: ${JSON.stringify(options.storeDir)} }`,
    `authorization: {`,
    `  users: ${JSON.stringify(users, null, 2).replace(/\n/g, '\n  ')}`,
    `}`,
    '',
  ].join('\n');
  return { conf, logins };
}

/** One login's env file: what a process reads (NATS_USER, NATS_PASSWORD). */
export function natsEnvFile(login: NatsLogin): string {
  return `NATS_USER=${login.user}\nNATS_PASSWORD=${login.password}\n`;
}
