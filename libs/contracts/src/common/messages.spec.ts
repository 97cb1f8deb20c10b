import { IsInt, IsUUID, Min } from 'class-validator';
import { CommandDefinition, defineCommand, defineEvent, defineStream, EmptyPayload, EventDefinition, eventOf, PayloadOf, ReplyOf } from './messages';

class WithdrawalPayload {
  @IsUUID() accountId: string;
  @IsInt() @Min(1) amountCents: number;
}

interface WithdrawalReceipt {
  withdrawalId: string;
}

class WithdrawalRequestedEvent {
  @IsUUID() withdrawalId: string;
  @IsInt() amountCents: number;
}

class AccountClosedEvent {
  @IsUUID() accountId: string;
}

const requestWithdrawal = defineCommand<WithdrawalPayload, WithdrawalReceipt>('ledger.withdrawal.request.v1', WithdrawalPayload);
const withdrawalRequested = defineEvent('ledger.withdrawal.requested.v1', WithdrawalRequestedEvent);
const accountClosed = defineEvent('ledger.account.closed.v2', AccountClosedEvent);

/**
 * Never called: `npm run typecheck` (tsconfig.typecheck.json includes the specs) compiles
 * it, and every `@ts-expect-error` line fails that check if it compiles, i.e. if the
 * definitions stopped carrying their payload and reply types.
 */
function typeContract(): void {
  // A definition carries its payload and reply types...
  const payload: PayloadOf<typeof requestWithdrawal> = { accountId: 'a', amountCents: 100 };
  const reply: ReplyOf<typeof requestWithdrawal> = { withdrawalId: 'w' };
  const eventPayload: PayloadOf<typeof withdrawalRequested> = { withdrawalId: 'w', amountCents: 100 };
  void [payload, reply, eventPayload];

  // ...so a payload of the wrong type does not compile,
  // @ts-expect-error amountCents is a number
  const wrongPayload: PayloadOf<typeof requestWithdrawal> = { accountId: 'a', amountCents: '100' };
  // @ts-expect-error accountId is missing
  const incompletePayload: PayloadOf<typeof requestWithdrawal> = { amountCents: 100 };
  // nor a reply read as another type,
  // @ts-expect-error the reply is a WithdrawalReceipt
  const wrongReply: ReplyOf<typeof requestWithdrawal> = { id: 'w' };
  // nor an event payload of another event's type,
  // @ts-expect-error withdrawalRequested carries a WithdrawalRequestedEvent
  const wrongEventPayload: PayloadOf<typeof withdrawalRequested> = { accountId: 'a' };
  void [wrongPayload, incompletePayload, wrongReply, wrongEventPayload];

  // nor a definition whose payload class is not the declared payload type,
  // @ts-expect-error AccountClosedEvent is no WithdrawalPayload
  defineCommand<WithdrawalPayload, WithdrawalReceipt>('ledger.withdrawal.request.v1', AccountClosedEvent);
  // nor a command where an event is expected, or the other way round.
  // @ts-expect-error a command is not an event
  const notAnEvent: EventDefinition<WithdrawalPayload> = requestWithdrawal;
  // @ts-expect-error an event is not a command
  const notACommand: CommandDefinition<WithdrawalRequestedEvent> = withdrawalRequested;
  void [notAnEvent, notACommand];
}

describe('message definitions', () => {
  it('are compile-time contracts (checked by npm run typecheck, never run)', () => {
    expect(typeof typeContract).toBe('function');
  });

  it('pair a versioned subject with its payload class, frozen', () => {
    expect(requestWithdrawal).toEqual({ kind: 'command', subject: 'ledger.withdrawal.request.v1', payload: WithdrawalPayload });
    expect(withdrawalRequested).toEqual({ kind: 'event', subject: 'ledger.withdrawal.requested.v1', payload: WithdrawalRequestedEvent });
    expect(Object.isFrozen(requestWithdrawal)).toBe(true);
    expect(Object.isFrozen(withdrawalRequested)).toBe(true);
    expect(defineCommand('identity.user.get-current.v1', EmptyPayload).payload).toBe(EmptyPayload);
  });

  it.each(['ledger.withdrawal.request', 'ledger.v1', 'Ledger.withdrawal.request.v1', 'ledger.withdrawal.request.v1.', 'ledger.withdrawal.*.v1', 'ledger withdrawal.request.v1', ''])(
    'refuse the unversioned or malformed subject "%s"',
    (subject) => {
      expect(() => defineCommand(subject, WithdrawalPayload)).toThrow(/is not a versioned subject/);
      expect(() => defineEvent(subject, WithdrawalRequestedEvent)).toThrow(/is not a versioned subject/);
    },
  );

  it('make a stream list exactly the subjects of its events, and find an event by subject', () => {
    const stream = defineStream('LEDGER_EVENTS', { withdrawalRequested, accountClosed });
    expect(stream.name).toBe('LEDGER_EVENTS');
    expect(stream.subjects).toEqual(['ledger.withdrawal.requested.v1', 'ledger.account.closed.v2']);
    expect(stream.events).toEqual([withdrawalRequested, accountClosed]);
    expect(Object.isFrozen(stream)).toBe(true);
    expect(eventOf(stream, 'ledger.account.closed.v2')).toBe(accountClosed);
    expect(eventOf(stream, 'ledger.account.closed.v1')).toBeUndefined();
    expect(eventOf(stream, 'ledger.withdrawal.request.v1')).toBeUndefined();
  });
});
