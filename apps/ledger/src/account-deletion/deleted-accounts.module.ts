import { Module } from '@nestjs/common';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { DeletedAccountsHandlers } from './deleted-accounts.handlers';

/** Cancels a deleted account's open card requests and erases their personal text, from identity's user-deleted events. */
@Module({
  imports: [EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [DeletedAccountsHandlers])],
  providers: [DeletedAccountsHandlers],
})
export class DeletedAccountsModule {}
