import { BACKEND_SERVICES, BUS_ACCESS, commandsServedBy, EVENT_STREAMS, IdentityCommands, LEDGER_EVENTS_STREAM, LedgerCommands, LedgerEvents } from '@portal/contracts';
import { natsConfiguration, natsEnvFile, natsPermissions, NATS_USERS } from './nats-access';

/** Whether a subject is matched by a NATS permission subject (`*` one token, `>` the rest). */
function matches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let index = 0; index < want.length; index++) {
    if (want[index] === '>') return have.length > index;
    if (index >= have.length || (want[index] !== '*' && want[index] !== have[index])) return false;
  }
  return want.length === have.length;
}

/** What nats-server decides for a publish: allowed by some allow subject and by no deny subject. */
function mayPublish(user: (typeof NATS_USERS)[number], subject: string): boolean {
  const { publish } = natsPermissions(user);
  return publish.allow.some((pattern) => matches(pattern, subject)) && !(publish.deny ?? []).some((pattern) => matches(pattern, subject));
}

const ALL_COMMANDS = BACKEND_SERVICES.flatMap((service) => commandsServedBy(service).map((command) => command.subject));

describe('the generated NATS permissions', () => {
  it('give the events reader no command, no event publishing and no stream or consumer deletion', () => {
    const { publish, subscribe } = natsPermissions('events-reader');
    expect(ALL_COMMANDS.filter((subject) => mayPublish('events-reader', subject))).toEqual([]);
    expect(EVENT_STREAMS.flatMap((stream) => stream.subjects).filter((subject) => mayPublish('events-reader', subject))).toEqual([]);
    for (const verb of ['DELETE', 'PURGE', 'UPDATE', 'CREATE', 'MSG.DELETE']) expect(mayPublish('events-reader', `$JS.API.STREAM.${verb}.${LEDGER_EVENTS_STREAM.name}`)).toBe(false);
    expect(publish.allow.some((subject) => subject.includes('$JS.API.STREAM.DELETE') || subject.includes('CONSUMER.DELETE'))).toBe(false);
    // Its own replies only: not every login's (`_INBOX.>` would show it customers' data in replies).
    expect(subscribe.allow).toEqual(['_INBOX_events-reader.>']);
  });

  it("let the events reader create, read and acknowledge durable consumers of its own, and none of the services'", () => {
    const stream = LEDGER_EVENTS_STREAM.name;
    for (const subject of [`$JS.API.CONSUMER.CREATE.${stream}.treasury`, `$JS.API.CONSUMER.CREATE.${stream}.treasury.ledger.deposit.completed.v1`, `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.treasury`, `$JS.API.CONSUMER.INFO.${stream}.treasury`, `$JS.API.CONSUMER.MSG.NEXT.${stream}.treasury`, `$JS.ACK.${stream}.treasury.1.2.3.4.0`]) {
      expect({ subject, allowed: mayPublish('events-reader', subject) }).toEqual({ subject, allowed: true });
    }
    for (const durable of ['notification', 'identity']) {
      for (const subject of [`$JS.API.CONSUMER.CREATE.${stream}.${durable}`, `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`, `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`, `$JS.ACK.${stream}.${durable}.1.2.3.4.0`]) {
        expect({ subject, allowed: mayPublish('events-reader', subject) }).toEqual({ subject, allowed: false });
      }
    }
  });

  it('let a service serve its own commands, call the ones it declares and no other', () => {
    const support = natsPermissions('support');
    expect(support.subscribe.allow).toEqual(expect.arrayContaining(commandsServedBy('support').map((command) => command.subject)));
    expect(support.subscribe.allow.filter((subject) => subject.startsWith('ledger.'))).toEqual([]);
    expect(support.allow_responses).toBe(true);
    expect(mayPublish('support', IdentityCommands.lookupUsers.subject)).toBe(true);
    expect(mayPublish('support', LedgerCommands.decideTransaction.subject)).toBe(false);
    expect(mayPublish('support', LedgerEvents.depositCompleted.subject)).toBe(false);
    expect(mayPublish('ledger', LedgerEvents.depositCompleted.subject)).toBe(true);
    // Its durable consumers and its dead letters; not another service's.
    expect(mayPublish('support', '$JS.API.CONSUMER.MSG.NEXT.IDENTITY_EVENTS.support')).toBe(true);
    expect(mayPublish('support', '$JS.API.CONSUMER.MSG.NEXT.IDENTITY_EVENTS.notification')).toBe(false);
    expect(mayPublish('support', 'dead-letter.support.identity.user.deleted.v1')).toBe(true);
    expect(mayPublish('support', 'dead-letter.ledger.identity.user.deleted.v1')).toBe(false);
    expect(mayPublish('support', '$JS.API.STREAM.DELETE.IDENTITY_EVENTS')).toBe(false);
  });

  it('let every process publish exactly the commands of its registry entry', () => {
    for (const process of [...BACKEND_SERVICES, 'gateway'] as const) {
      const declared = new Set(BUS_ACCESS[process].calls.map((command) => command.subject));
      expect({ process, allowed: ALL_COMMANDS.filter((subject) => mayPublish(process, subject)).sort() }).toEqual({ process, allowed: [...declared].sort() });
    }
  });

  it("let the gateway follow live updates without touching the services' consumers or creating streams", () => {
    expect(mayPublish('gateway', '$JS.API.CONSUMER.CREATE.LEDGER_EVENTS.Xy12_1')).toBe(true);
    expect(mayPublish('gateway', '$JS.API.CONSUMER.CREATE.IDENTITY_EVENTS.Xy12_1.identity.user.>')).toBe(true);
    expect(mayPublish('gateway', '$JS.API.CONSUMER.CREATE.IDENTITY_EVENTS.Xy12_1')).toBe(false);
    expect(mayPublish('gateway', '$JS.API.CONSUMER.MSG.NEXT.LEDGER_EVENTS.notification')).toBe(false);
    expect(mayPublish('gateway', '$JS.API.STREAM.CREATE.LEDGER_EVENTS')).toBe(false);
  });

  it('writes a whole server configuration with a fresh password per login on every run, and one env file per login', () => {
    const first = natsConfiguration({ host: '127.0.0.1', port: 4333, storeDir: '/tmp/js' });
    const second = natsConfiguration({ host: '127.0.0.1', port: 4333, storeDir: '/tmp/js' });
    expect(first.logins.map((login) => login.user)).toEqual([...NATS_USERS]);
    expect(new Set(first.logins.map((login) => login.password)).size).toBe(NATS_USERS.length);
    for (const [index, login] of first.logins.entries()) expect(login.password).not.toBe(second.logins[index].password);
    expect(first.conf).toContain('listen: "127.0.0.1:4333"');
    expect(first.conf).toContain('store_dir: "/tmp/js"');
    expect(first.conf).toContain(`"password": "${first.logins[0].password}"`);
    expect(natsEnvFile(first.logins[0])).toBe(`NATS_USER=${first.logins[0].user}\nNATS_PASSWORD=${first.logins[0].password}\n`);
  });
});
