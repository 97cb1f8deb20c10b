import { Module } from '@nestjs/common';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { DeletedAccountFilesHandlers } from '../files/deleted-accounts.handlers';
import { RegisteredCustomersHandlers } from './registered-customers.handlers';

/**
 * Customers' KYC status, owned here; document reviews that change it arrive with the KYC issue.
 * kyc's one consumer of identity's events: sign-ups open a profile, deletions erase the files not kept.
 */
@Module({
  imports: [EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [RegisteredCustomersHandlers, DeletedAccountFilesHandlers])],
  providers: [RegisteredCustomersHandlers, DeletedAccountFilesHandlers],
})
export class KycStatusModule {}
