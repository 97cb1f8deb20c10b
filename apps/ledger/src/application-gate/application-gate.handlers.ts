import { Injectable } from '@nestjs/common';
import { ApplicationReviewedEvent, ApplicationsEvents, ApplicationSubmittedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';

/**
 * The deposit gate's read model: each customer's latest application and its status, from
 * applications' events. A newer application replaces an older one; for the same
 * application a review applies only when its version is newer (redeliveries may reorder).
 */
@Injectable()
export class ApplicationGateHandlers {
  @OnEvent(ApplicationsEvents.submitted)
  async submitted(payload: ApplicationSubmittedEvent, { manager }: EventContext<ApplicationSubmittedEvent>): Promise<void> {
    await manager.query(
      `INSERT INTO ledger.application_gate AS g (user_id, application_id, status, version, submitted_at) VALUES ($1, $2, 'pending', 0, $3)
       ON CONFLICT (user_id) DO UPDATE SET application_id = EXCLUDED.application_id, status = 'pending', version = 0, submitted_at = EXCLUDED.submitted_at, updated_at = now()
       WHERE g.submitted_at < EXCLUDED.submitted_at`,
      [payload.userId, payload.applicationId, payload.submittedAt],
    );
  }

  @OnEvent(ApplicationsEvents.reviewed)
  async reviewed(payload: ApplicationReviewedEvent, { manager }: EventContext<ApplicationReviewedEvent>): Promise<void> {
    await manager.query(
      `INSERT INTO ledger.application_gate AS g (user_id, application_id, status, version, submitted_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET application_id = EXCLUDED.application_id, status = EXCLUDED.status, version = EXCLUDED.version, submitted_at = EXCLUDED.submitted_at, updated_at = now()
       WHERE g.submitted_at < EXCLUDED.submitted_at OR (g.application_id = EXCLUDED.application_id AND g.version < EXCLUDED.version)`,
      [payload.userId, payload.applicationId, payload.status, payload.version, payload.submittedAt],
    );
  }
}
