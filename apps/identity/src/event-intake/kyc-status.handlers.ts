import { Injectable } from '@nestjs/common';
import { KycEvents, KycStatusChangedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { User } from '../users/user.entity';

/** Keeps each user's KYC status as the kyc service, its owner, last announced it. */
@Injectable()
export class KycStatusHandlers {
  @OnEvent(KycEvents.statusChanged)
  async statusChanged(payload: KycStatusChangedEvent, { manager }: EventContext<KycStatusChangedEvent>): Promise<void> {
    // Only a newer version applies: a late redelivery never turns a verified customer back to pending.
    await manager
      .createQueryBuilder()
      .update(User)
      .set({ kycStatus: payload.kycStatus, kycStatusVersion: payload.version })
      .where('id = :userId AND kyc_status_version < :version', { userId: payload.userId, version: payload.version })
      .execute();
  }
}
