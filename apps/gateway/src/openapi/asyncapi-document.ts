import { createHash } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { MetadataStorage as ClassTransformerMetadataStorage } from 'class-transformer/types/MetadataStorage';
import { EVENT_STREAMS, EventDefinition, EventDescription, eventDescription, EventEnvelope, PayloadClass, StreamDefinition } from '@portal/contracts';
import { sortKeys } from './openapi-document';

// The storage @Type() writes to: the nested classes of a payload are found there. Not in
// class-transformer's typed entry points, hence the require.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: ClassTransformerMetadataStorage };

/** Where the gateway serves the catalogue when API docs are on, next to the OpenAPI document. */
export const ASYNCAPI_JSON_PATH = 'api/docs/asyncapi.json';

type Schema = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';

/**
 * What class-validator-jsonschema gets wrong for these payloads: IsIP() takes both
 * versions, IsDateString({ strict }) takes a bare date, and a URL is JSON Schema's `uri`.
 */
const converters: NonNullable<Parameters<typeof targetConstructorToSchema>[1]>['additionalConverters'] = {
  isIp: (meta) =>
    meta.constraints?.[0] ? { type: 'string', format: `ipv${meta.constraints[0]}` } : { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] },
  isDateString: { oneOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] },
  isUrl: { type: 'string', format: 'uri' },
};

/** A property class-validator lets through as null (IsOptional): the schema says so too. */
function orNull(schema: Schema): Schema {
  if ('$ref' in schema) return { anyOf: [{ $ref: schema.$ref }, { type: 'null' }] };
  if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  return schema;
}

/** The JSON Schema of a payload class and of the classes nested in it (by class-transformer's @Type), by class name. */
function payloadSchemas(root: PayloadClass<object>, into: Map<string, { target: PayloadClass<object>; schema: Schema }>): void {
  const pending: PayloadClass<object>[] = [root];
  while (pending.length > 0) {
    const target = pending.shift() as PayloadClass<object>;
    const known = into.get(target.name);
    if (known) {
      if (known.target !== target) throw new Error(`two payload classes are named ${target.name}: the catalogue needs unique names`);
      continue;
    }
    const schema = targetConstructorToSchema(target, { classTransformerMetadataStorage: defaultMetadataStorage, refPointerPrefix: SCHEMAS, additionalConverters: converters }) as Schema;
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    const properties = { ...(schema.properties as Record<string, Schema>) };
    for (const [name, property] of Object.entries(properties)) {
      const own = metadatas.filter((meta) => meta.propertyName === name);
      // A $ref's siblings are ignored by JSON Schema: a required nested object is the $ref alone.
      let cleaned = '$ref' in property ? { $ref: property.$ref } : property;
      if (own.some((meta) => meta.name === 'isOptional')) cleaned = orNull(cleaned);
      properties[name] = cleaned;
      if (own.some((meta) => meta.type === ValidationTypes.NESTED_VALIDATION)) {
        const nested = defaultMetadataStorage.findTypeMetadata(target, name)?.typeFunction() as PayloadClass<object> | undefined;
        if (nested) pending.push(nested);
      }
    }
    into.set(target.name, { target, schema: { ...schema, properties, description: `The payload class ${target.name} of @portal/contracts.` } });
  }
}

/** A made-up event id for an example, the same on every run. */
function exampleId(subject: string): string {
  const hex = createHash('sha256').update(subject).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ENVELOPE: Schema = {
  type: 'object',
  description:
    'What travels on JetStream: the event, its id and time around the payload. Published by the owning service’s outbox relay after the change committed. ' +
    'Fields may be added within a version: ignore the ones you do not know.',
  required: ['id', 'subject', 'occurredAt', 'payload'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'The event id, unique per event and equal to the Nats-Msg-Id header. Delivery is at least once: dedupe by it.' },
    subject: { type: 'string', description: 'The NATS subject the event was published on: `<service>.<entity>.<verb>.v<n>`.' },
    occurredAt: { type: 'string', format: 'date-time', description: 'When the change happened (its database transaction began), ISO 8601 in UTC.' },
    requestId: { type: 'string', description: 'The request that caused the change, when there was one: the X-Request-Id of the API call, for tracing.' },
    traceparent: { type: 'string', description: 'W3C trace context of the work that raised the event, when it was traced (also a message header).' },
    tracestate: { type: 'string', description: 'W3C trace state, with traceparent.' },
    payload: { type: 'object', description: 'The event’s own data: see each message.' },
  },
};

const HEADERS: Schema = {
  type: 'object',
  description: 'NATS message headers.',
  required: ['Nats-Msg-Id'],
  properties: {
    'Nats-Msg-Id': { type: 'string', format: 'uuid', description: 'The event id: JetStream drops a second publish of it within the stream’s 10-minute duplicate window.' },
    traceparent: { type: 'string', description: 'W3C trace context, when the work that raised the event was traced.' },
    tracestate: { type: 'string', description: 'W3C trace state, with traceparent.' },
  },
};

function message(stream: StreamDefinition, event: EventDefinition, meaning: string, example: object): Schema {
  const id = exampleId(event.subject);
  const envelope: EventEnvelope = { id, subject: event.subject, occurredAt: '2026-03-02T09:15:00.000Z', requestId: 'req-4b1f9c2e', payload: example };
  return {
    name: event.subject,
    title: event.subject,
    summary: meaning,
    contentType: 'application/json',
    headers: { $ref: `${SCHEMAS}EventHeaders` },
    payload: {
      allOf: [{ $ref: `${SCHEMAS}EventEnvelope` }, { type: 'object', properties: { subject: { const: event.subject }, payload: { $ref: `${SCHEMAS}${event.payload.name}` } } }],
    },
    correlationId: { description: 'The request that caused the change', location: '$message.payload#/requestId' },
    examples: [{ name: 'example', summary: meaning, headers: { 'Nats-Msg-Id': id }, payload: envelope }],
    tags: [{ name: stream.name }],
    'x-jetstream-stream': stream.name,
  };
}

/**
 * The AsyncAPI 3.0 document of every event stream, from the contracts' registry: one
 * channel per subject, its message the envelope with the payload's JSON Schema (from its
 * class-validator class) inside, the stream it is stored in, an example and its meaning
 * (libs/contracts/src/common/event-catalogue.ts). Keys sorted, so it is stable byte for byte.
 */
export function buildAsyncApiDocument(
  streams: readonly StreamDefinition[] = EVENT_STREAMS,
  describe: (subject: string) => EventDescription = eventDescription,
): Schema {
  const channels: Record<string, Schema> = {};
  const operations: Record<string, Schema> = {};
  const messages: Record<string, Schema> = {};
  const classes = new Map<string, { target: PayloadClass<object>; schema: Schema }>();
  for (const stream of streams) {
    for (const event of stream.events) {
      const { meaning, example } = describe(event.subject);
      payloadSchemas(event.payload, classes);
      messages[event.subject] = message(stream, event, meaning, example);
      channels[event.subject] = {
        address: event.subject,
        title: event.subject,
        description: `${meaning} Stored in the ${stream.name} stream.`,
        messages: { [event.subject]: { $ref: `#/components/messages/${event.subject}` } },
        tags: [{ name: stream.name }],
        'x-jetstream-stream': stream.name,
      };
      operations[event.subject] = {
        action: 'send',
        title: `${event.subject} is published`,
        summary: meaning,
        channel: { $ref: `#/channels/${event.subject}` },
        messages: [{ $ref: `#/channels/${event.subject}/messages/${event.subject}` }],
        tags: [{ name: stream.name }],
      };
    }
  }
  const schemas: Record<string, Schema> = { EventEnvelope: ENVELOPE, EventHeaders: HEADERS };
  for (const [name, { schema }] of classes) {
    if (name in schemas) throw new Error(`the payload class ${name} clashes with a schema of the envelope`);
    schemas[name] = schema;
  }
  return sortKeys({
    asyncapi: '3.0.0',
    info: {
      title: 'Investment portal events',
      version: '1',
      description:
        'The domain events the portal’s services publish to NATS JetStream, for internal services that subscribe to them. ' +
        'Each channel is a subject; each message is the event envelope with the payload inside. ' +
        'Delivery is at least once and in order within a stream: dedupe by the envelope’s id. ' +
        'Within `.v1` changes are additive only; a breaking change is a new subject (`.v2`) published side by side for a deprecation period. ' +
        'How to subscribe, replay and authenticate: docs/events.md.',
      tags: streams.map((stream) => ({ name: stream.name, description: `JetStream stream ${stream.name}: ${stream.subjects.length} event subjects, kept for 7 days.` })),
    },
    defaultContentType: 'application/json',
    servers: {
      nats: {
        host: 'nats:4222',
        protocol: 'nats',
        description: 'The portal’s NATS server with JetStream (the host depends on the deployment). Internal subscribers connect as the events-reader user.',
        security: [{ $ref: '#/components/securitySchemes/eventsReader' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      schemas,
      securitySchemes: {
        eventsReader: {
          type: 'userPassword',
          description: 'NATS_USER / NATS_PASSWORD of the events-reader user, from `npm run -s nats:config -- --out DIR` (DIR/events-reader.env).',
        },
      },
    },
  }) as Schema;
}

export function serialiseAsyncApiDocument(document: Schema): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** GET /api/docs/asyncapi.json, built on the first request. */
export function serveAsyncApiDocument(app: INestApplication): void {
  let text: string | null = null;
  app.getHttpAdapter().get(`/${ASYNCAPI_JSON_PATH}`, (_request: unknown, reply: { type(type: string): { send(body: string): void } }) => {
    text ??= JSON.stringify(buildAsyncApiDocument());
    reply.type('application/json; charset=utf-8').send(text);
  });
}
