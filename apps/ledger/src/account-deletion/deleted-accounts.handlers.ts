import { Injectable } from '@nestjs/common';
import { Clock } from '@portal/config';
import { IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { forgetReplies } from '../book/idempotency';

/** The timeline's note on a request cancelled because its owner's account was deleted. */
export const ACCOUNT_DELETED_NOTE = 'The account was deleted.';

/**
 * A deleted account (by its owner or by an administrator), for its card requests.
 *
 * Cancelled, each with a timeline entry noting why (by whoever deleted the account): the
 * requests still waiting for an admin, that is pending ones and approved physical cards not
 * delivered yet. Nobody may approve, reject or ship a card to a deleted person; deciding
 * one afterwards is 409 (only pending requests are decided, only approved ones delivered).
 * An approved virtual card is left approved: approval is its last step (it is issued at
 * once and is never delivered), so no admin work is pending on it, and like a delivered
 * or rejected request it is the record of what the admin decided; calling it cancelled
 * would rewrite that decision.
 *
 * Erased, from every request of the person whatever its status: the card name, the reason
 * and the delivery address (the columns are NOT NULL, and a physical card's address must
 * be there, so they become empty), and the stored replies of their card orders
 * (idempotency keys of operation card_request), which repeat that text. Kept, as the
 * admin's record of what was asked and decided: the type, status, dates, tracking number,
 * rejection reason, deciding admin and the timeline (its notes are the admin's rejection
 * reasons and tracking numbers). Money (transactions, transfers, entries, balances,
 * their idempotency keys) is kept by law and not touched.
 *
 * Nothing is announced: notification answers every card event with a message to the
 * person. Admins' lists read the table, so they show the change when they next load.
 *
 * Everything happens in the event's transaction, and a repeat changes nothing: only open
 * requests are cancelled and only text not yet erased is updated. The UPDATE re-checks
 * its condition on a row an admin is deciding at the same moment (FOR UPDATE in
 * CardRequests.decide), so a request approved meanwhile is seen as approved, and a decision
 * waiting on our lock then finds it cancelled.
 */
@Injectable()
export class DeletedAccountsHandlers {
  constructor(private readonly clock: Clock) {}

  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    await manager.query(
      `WITH cancelled AS (
         UPDATE ledger.card_requests SET status = 'cancelled', updated_at = $4
         WHERE user_id = $1 AND (status = 'pending' OR (status = 'approved' AND card_type = 'physical'))
         RETURNING id, updated_at
       )
       INSERT INTO ledger.card_request_history (card_request_id, status, note, actor_id, at)
       SELECT id, 'cancelled', $2, $3, updated_at FROM cancelled ORDER BY id`,
      // Dated by the ledger's clock, as every card request's change is (CardRequests).
      [payload.userId, ACCOUNT_DELETED_NOTE, payload.deletedBy ?? null, this.clock.now()],
    );
    await manager.query(
      `UPDATE ledger.card_requests
         SET card_name = '', reason = '', delivery_address = CASE WHEN delivery_address IS NULL THEN NULL ELSE '' END
       WHERE user_id = $1 AND (card_name <> '' OR reason <> '' OR delivery_address <> '')`,
      [payload.userId],
    );
    await forgetReplies(manager, payload.userId, 'card_request');
  }
}
