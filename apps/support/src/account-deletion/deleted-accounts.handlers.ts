import { Injectable } from '@nestjs/common';
import { IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { Ticket } from '../tickets/ticket.entity';

/**
 * A deleted account (by its owner or by an administrator): the person's tickets go, with
 * their conversations (the messages cascade), since they are free text about the person
 * and nothing requires keeping them (admins may delete any ticket). No ticket event is
 * announced: notification would answer one with a message to the person. Deleting what
 * is already gone changes nothing, so a repeat is harmless.
 */
@Injectable()
export class DeletedAccountsHandlers {
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    await manager.delete(Ticket, { userId: payload.userId });
  }
}
