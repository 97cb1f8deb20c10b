import 'reflect-metadata';
import { IsOptional, IsString, IsUUID, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { defineEvent, defineStream, EVENT_CATALOGUE, EVENT_STREAMS, LEDGER_EVENTS_STREAM } from '@portal/contracts';
import { buildAsyncApiDocument, serialiseAsyncApiDocument } from './asyncapi-document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the AsyncAPI document of the event streams', () => {
  const document = buildAsyncApiDocument() as Json;
  const subjects = EVENT_STREAMS.flatMap((stream) => stream.subjects.map((subject) => ({ subject, stream: stream.name })));

  it('is AsyncAPI 3.0 with one channel, one message and one send operation per event subject', () => {
    expect(document.asyncapi).toBe('3.0.0');
    expect(Object.keys(document.channels).sort()).toEqual(subjects.map(({ subject }) => subject).sort());
    expect(Object.keys(document.components.messages).sort()).toEqual(Object.keys(document.channels).sort());
    for (const { subject, stream } of subjects) {
      expect(document.channels[subject]).toMatchObject({ address: subject, 'x-jetstream-stream': stream, messages: { [subject]: { $ref: `#/components/messages/${subject}` } } });
      expect(document.operations[subject]).toMatchObject({ action: 'send', channel: { $ref: `#/channels/${subject}` } });
    }
  });

  it('describes each message as the envelope on the wire, its payload by the class’s schema, with the meaning and an example', () => {
    const deposit = document.components.messages['ledger.deposit.completed.v1'];
    expect(deposit.summary).toBe(EVENT_CATALOGUE.get('ledger.deposit.completed.v1')?.meaning);
    expect(deposit.headers).toEqual({ $ref: '#/components/schemas/EventHeaders' });
    expect(deposit.payload.allOf).toEqual([
      { $ref: '#/components/schemas/EventEnvelope' },
      { type: 'object', properties: { subject: { const: 'ledger.deposit.completed.v1' }, payload: { $ref: '#/components/schemas/TransactionEvent' } } },
    ]);
    const [example] = deposit.examples;
    expect(example.headers['Nats-Msg-Id']).toBe(example.payload.id);
    expect(example.payload).toMatchObject({ subject: 'ledger.deposit.completed.v1', payload: EVENT_CATALOGUE.get('ledger.deposit.completed.v1')?.example });
    expect(document.components.schemas.EventEnvelope.required).toEqual(['id', 'subject', 'occurredAt', 'payload']);
    expect(document.components.schemas.EventHeaders.required).toEqual(['Nats-Msg-Id']);
  });

  it('derives payload schemas from the class-validator rules, nested classes included, optional fields nullable', () => {
    const { TransactionEvent, ApplicationReviewedEvent, InvestmentTerms } = document.components.schemas;
    expect(TransactionEvent.properties.userId).toEqual({ type: 'string', format: 'uuid' });
    expect(TransactionEvent.properties.type).toEqual({ type: 'string', enum: ['deposit', 'withdrawal', 'investment', 'return', 'fee'] });
    expect(TransactionEvent.properties.reason).toEqual({ type: ['string', 'null'], maxLength: 1000 });
    expect(TransactionEvent.required).not.toContain('reason');
    expect(ApplicationReviewedEvent.properties.terms).toEqual({ anyOf: [{ $ref: '#/components/schemas/InvestmentTerms' }, { type: 'null' }] });
    expect(InvestmentTerms.properties.durationMonths).toEqual({ type: 'integer', minimum: 1, maximum: 600 });
  });

  it('refuses two different payload classes of one name, which would share a schema', () => {
    class Owner {
      @IsUUID() userId: string;
    }
    class OwnedEvent {
      @IsOptional() @ValidateNested() @Type(() => Owner) owner: Owner | null;
    }
    const Other = (() => {
      class Owner {
        @IsString() name: string;
      }
      return Owner;
    })();
    class OtherEvent {
      @ValidateNested() @Type(() => Other) owner: InstanceType<typeof Other>;
    }
    const stream = defineStream('LEDGER_EVENTS', { a: LEDGER_EVENTS_STREAM.events[0], b: defineEvent('ledger.owned.created.v1', OwnedEvent), c: defineEvent('ledger.other.created.v1', OtherEvent) });
    // Described here (the catalogue does not know them): the name clash is what must fail.
    expect(() => buildAsyncApiDocument([stream], () => ({ meaning: 'test', example: {} }))).toThrow(/two payload classes are named Owner/);
  });

  it('is the same text on every build', () => {
    expect(serialiseAsyncApiDocument(buildAsyncApiDocument())).toBe(serialiseAsyncApiDocument(buildAsyncApiDocument()));
  });
});
