import { IsInt, IsUUID, Min } from 'class-validator';
import { EntityManager } from 'typeorm';
import { defineCommand, defineEvent } from '@portal/contracts';
import { addToOutbox } from './outbox';
import { ServiceClient } from './service-client';

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

const requestWithdrawal = defineCommand<WithdrawalPayload, WithdrawalReceipt>('ledger.withdrawal.request.v1', WithdrawalPayload);
const withdrawalRequested = defineEvent('ledger.withdrawal.requested.v1', WithdrawalRequestedEvent);

/**
 * Never called: `npm run typecheck` (tsconfig.typecheck.json includes the specs) compiles
 * it, and every `@ts-expect-error` line fails that check if it compiles, i.e. if
 * ServiceClient.send or addToOutbox stopped holding callers to the definition's types.
 */
async function typeContract(client: ServiceClient, manager: EntityManager): Promise<void> {
  // The right payload compiles and the reply has the command's reply type...
  const receipt: WithdrawalReceipt = await client.send(requestWithdrawal, { accountId: 'a', amountCents: 100 });
  const withdrawalId: string = (await client.send(requestWithdrawal, { accountId: 'a', amountCents: 100 })).withdrawalId;
  void [receipt, withdrawalId];

  // ...a payload of the wrong type does not,
  // @ts-expect-error amountCents is a number
  await client.send(requestWithdrawal, { accountId: 'a', amountCents: '100' });
  // @ts-expect-error accountId is missing
  await client.send(requestWithdrawal, { amountCents: 100 });
  // @ts-expect-error the payload of another message
  await client.send(requestWithdrawal, new WithdrawalRequestedEvent());
  // nor a reply read as another type,
  // @ts-expect-error the reply is a WithdrawalReceipt, not a string
  const wrongReply: string = await client.send(requestWithdrawal, { accountId: 'a', amountCents: 100 });
  // @ts-expect-error WithdrawalReceipt has no amountCents
  const wrongField: number = (await client.send(requestWithdrawal, { accountId: 'a', amountCents: 100 })).amountCents;
  void [wrongReply, wrongField];
  // nor an event sent as a command.
  // @ts-expect-error an event is no command
  await client.send(withdrawalRequested, { withdrawalId: 'w', amountCents: 100 });

  // An event goes to the outbox with its own payload type only.
  await addToOutbox(manager, withdrawalRequested, { withdrawalId: 'w', amountCents: 100 });
  // @ts-expect-error amountCents is a number
  await addToOutbox(manager, withdrawalRequested, { withdrawalId: 'w', amountCents: '100' });
  // @ts-expect-error the payload of the command, not of the event
  await addToOutbox(manager, withdrawalRequested, { accountId: 'a', amountCents: 100 });
  // @ts-expect-error a command is no event
  await addToOutbox(manager, requestWithdrawal, { accountId: 'a', amountCents: 100 });
}

describe('typed messages', () => {
  it('are compile-time contracts of ServiceClient.send and addToOutbox (checked by npm run typecheck, never run)', () => {
    expect(typeof typeContract).toBe('function');
  });
});
