import { Module } from '@nestjs/common';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { DeletedAccountsHandlers } from './deleted-accounts.handlers';

/** applications' one consumer of identity's events: a deleted account's drafts are erased. */
@Module({
  imports: [EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [DeletedAccountsHandlers])],
  providers: [DeletedAccountsHandlers],
})
export class DeletedAccountsModule {}
