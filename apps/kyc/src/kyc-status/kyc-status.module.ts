import { Module } from '@nestjs/common';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule } from '@portal/messaging';
import { RegisteredCustomersHandlers } from './registered-customers.handlers';

/** Customers' KYC status, owned here; document reviews that change it arrive with the KYC issue. */
@Module({
  imports: [EventConsumerModule.forStream(IDENTITY_EVENTS_STREAM, [RegisteredCustomersHandlers])],
  providers: [RegisteredCustomersHandlers],
})
export class KycStatusModule {}
