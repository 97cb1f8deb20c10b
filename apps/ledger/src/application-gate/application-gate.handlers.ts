import { Injectable } from '@nestjs/common';
import { ApplicationReviewedEvent, ApplicationsEvents, ApplicationSubmittedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { OpenInvestment } from '../investments/open-investment';

/**
 * Applications' events in the ledger: an approval opens its investment, and the deposit
 * gate's read model keeps each customer's latest application and its status. A newer
 * application replaces an older one; for the same application a review applies only when
 * its version is newer (redeliveries may reorder).
 */
@Injectable()
export class ApplicationGateHandlers {
  constructor(private readonly investments: OpenInvestment) {}

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
    // An approval opens its investment, awaiting funding (one handler per subject: it lives here).
    await this.investments.fromApproval(manager, payload);
  }
}
