import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsUUID, validate } from 'class-validator';
import * as contracts from '../index';
import { EVENT_STREAMS } from '../bus/access';
import { EVENT_CATALOGUE, eventDescription, undescribedEvents } from './event-catalogue';
import { defineEvent, defineStream, StreamDefinition } from './messages';

function isStream(value: unknown): value is StreamDefinition {
  const candidate = value as Partial<StreamDefinition> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string' && Array.isArray(candidate.subjects) && Array.isArray(candidate.events);
}

const allEvents = EVENT_STREAMS.flatMap((stream) => stream.events.map((event) => ({ stream: stream.name, event })));

describe('the event catalogue', () => {
  it('lists every event stream the contracts define', () => {
    const defined = Object.values(contracts).filter(isStream);
    expect(defined.length).toBeGreaterThan(0);
    expect(defined.map((stream) => stream.name).sort()).toEqual(EVENT_STREAMS.map((stream) => stream.name).sort());
  });

  it('describes every event of every stream, and nothing else', () => {
    expect(undescribedEvents(EVENT_STREAMS)).toEqual([]);
    const subjects = new Set(allEvents.map(({ event }) => event.subject));
    expect([...EVENT_CATALOGUE.keys()].filter((subject) => !subjects.has(subject))).toEqual([]);
  });

  it('notices an event registered without a description', () => {
    class ReportDownloadedEvent {
      @IsUUID() reportId: string;
    }
    const withNewEvent = defineStream('LEDGER_EVENTS', { ...contracts.LedgerEvents, reportDownloaded: defineEvent('ledger.report.downloaded.v1', ReportDownloadedEvent) });
    expect(undescribedEvents([withNewEvent])).toEqual(['ledger.report.downloaded.v1']);
    expect(() => eventDescription('ledger.report.downloaded.v1')).toThrow(/no entry in the event catalogue/);
  });

  it('gives each event a one-line meaning', () => {
    for (const { event } of allEvents) {
      const { meaning } = eventDescription(event.subject);
      expect({ subject: event.subject, oneLine: /^[^\n]{10,200}$/.test(meaning.trim()) }).toEqual({ subject: event.subject, oneLine: true });
    }
  });

  it('gives each event an example that passes its payload class’s rules, with no field the class does not know', async () => {
    for (const { event } of allEvents) {
      const { example } = eventDescription(event.subject);
      const instance = plainToInstance(event.payload, JSON.parse(JSON.stringify(example)) as object);
      const errors = await validate(instance, { forbidUnknownValues: false, whitelist: true, forbidNonWhitelisted: true });
      expect({ subject: event.subject, problems: errors.map((error) => error.toString()) }).toEqual({ subject: event.subject, problems: [] });
    }
  });

  it('would refuse an example that breaks the rules', async () => {
    const deposit = contracts.LedgerEvents.depositCompleted;
    const broken = { ...(eventDescription(deposit.subject).example as object), amount: '25' };
    expect(await validate(plainToInstance(deposit.payload, broken), { forbidUnknownValues: false })).not.toEqual([]);
  });
});
