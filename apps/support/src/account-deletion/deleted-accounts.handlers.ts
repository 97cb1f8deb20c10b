import { Injectable } from '@nestjs/common';
import { IdentityEvents, SupportEvents, UserDeletedEvent } from '@portal/contracts';
import { addToOutbox, EventContext, OnEvent } from '@portal/messaging';
import { Ticket } from '../tickets/ticket.entity';

/**
 * A deleted account (by its owner or by an administrator): the person's tickets go, with
 * their conversations (the messages cascade), since they are free text about the person
 * and nothing requires keeping them (admins may delete any ticket).
 *
 * Each erased ticket is announced as closed, as an admin's deletion of one is, so the
 * admins' open-ticket badge and ticket lists refresh now rather than at their next poll.
 * Nothing reaches the person: notification answers only an admin's answer (answeredBy
 * 'admin'), and the gateway has ended the account's streams. The subject is left out,
 * so the erased text is not copied into the event stream. Deleting what is already gone
 * changes nothing and announces nothing, so a repeat is harmless.
 */
@Injectable()
export class DeletedAccountsHandlers {
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    // RETURNING: exactly the rows deleted, a ticket opened meanwhile included.
    const { raw } = await manager.createQueryBuilder().delete().from(Ticket).where({ userId: payload.userId }).returning(['id']).execute();
    const occurredAt = new Date().toISOString();
    for (const { id } of raw as { id: string }[]) {
      await addToOutbox(manager, SupportEvents.ticketUpdated, { ticketId: id, userId: payload.userId, subject: '', status: 'closed', answeredBy: null, occurredAt });
    }
  }
}
