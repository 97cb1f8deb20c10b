import { Injectable } from '@nestjs/common';
import { KycEvents, KycStatusChangedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';

/**
 * The withdrawal gate's read model: each customer's KYC status from kyc's events, applied
 * only when the event's version is newer than the one held (redeliveries may reorder).
 */
@Injectable()
export class KycGateHandlers {
  @OnEvent(KycEvents.statusChanged)
  async statusChanged(payload: KycStatusChangedEvent, { manager }: EventContext<KycStatusChangedEvent>): Promise<void> {
    await manager.query(
      `INSERT INTO ledger.kyc_gate AS g (user_id, kyc_status, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET kyc_status = EXCLUDED.kyc_status, version = EXCLUDED.version, updated_at = now()
       WHERE g.version < EXCLUDED.version`,
      [payload.userId, payload.kycStatus, payload.version],
    );
  }
}
