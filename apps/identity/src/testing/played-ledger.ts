import { LedgerCommands } from '@portal/contracts';
import { answerCommand, StandIn } from '@portal/testing';
import type { IdentityHarness } from './identity-harness';

/**
 * Plays the ledger's balances for identity's checks before an account is deleted or closed:
 * what `balances` says each customer holds in USD (nothing for anyone else, or in other
 * currencies). Flushed, so identity's first question is answered; unsubscribe when done.
 */
export async function playLedgerBalances(harness: IdentityHarness, balances: (userId: string) => { available?: string; held?: string } = () => ({})): Promise<StandIn> {
  const ledger = answerCommand(
    harness.client.connection,
    LedgerCommands.getBalance,
    (payload, request) => {
      const currency = typeof payload.currency === 'string' ? payload.currency : 'USD';
      const usd = currency === 'USD' ? balances(request.meta.actor?.userId ?? '') : {};
      return { currency, available: usd.available ?? '0.00', held: usd.held ?? '0.00', locked: '0.00', totalInvested: '0.00', totalReturns: '0.00' };
    },
    { queue: 'ledger' },
  );
  await harness.client.connection.flush();
  return ledger;
}

/** Plays a ledger that holds no money for anyone, so that deletions may go ahead; unsubscribe when done. */
export const emptyLedger = (harness: IdentityHarness): Promise<StandIn> => playLedgerBalances(harness);
