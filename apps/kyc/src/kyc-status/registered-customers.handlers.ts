import { Injectable } from '@nestjs/common';
import { IdentityEvents, KycEvents, UserRegisteredEvent } from '@portal/contracts';
import { addToOutbox, EventContext, OnEvent } from '@portal/messaging';
import { KycProfile } from './kyc-profile.entity';

/** Opens a KYC profile, pending, for every customer who signs up. */
@Injectable()
export class RegisteredCustomersHandlers {
  @OnEvent(IdentityEvents.userRegistered)
  async customerRegistered(payload: UserRegisteredEvent, { manager }: EventContext<UserRegisteredEvent>): Promise<void> {
    // Administrators are not customers: they have no KYC standing.
    if (payload.userType !== 'customer') return;
    const opened = await manager
      .createQueryBuilder()
      .insert()
      .into(KycProfile)
      .values({ userId: payload.userId, kycStatus: 'pending', version: 1 })
      .orIgnore()
      .execute();
    if ((opened.raw as unknown[]).length === 0) return;
    await addToOutbox(manager, KycEvents.statusChanged, { userId: payload.userId, kycStatus: 'pending', version: 1, reason: null });
  }
}
