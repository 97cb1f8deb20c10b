import { Client } from 'pg';
import { KYC_EVENTS_STREAM, KycEvents, KycStatus, UserStatus } from '@portal/contracts';
import { eventEnvelope, EventPublisher } from '@portal/messaging/testing';

export interface CustomerState {
  emailConfirmed?: boolean;
  userStatus?: UserStatus;
  kycStatus?: KycStatus;
}

/**
 * Puts a customer straight into a state that would take several screens to reach
 * (confirmed, suspended, KYC-verified), in identity's own tables. For tests of the whole
 * stack or of identity; a service keeping a KYC read model learns it from
 * `announceKycStatus` instead, as it would in production.
 */
export async function setCustomerState(databaseUrl: string, userId: string, state: CustomerState): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE identity.users SET
         email_confirmed_at = CASE WHEN $2::boolean IS NULL THEN email_confirmed_at WHEN $2 THEN coalesce(email_confirmed_at, now()) ELSE NULL END,
         user_status = coalesce($3, user_status),
         kyc_status = coalesce($4, kyc_status),
         kyc_status_version = CASE WHEN $4::text IS NULL THEN kyc_status_version ELSE kyc_status_version + 1 END
       WHERE id = $1`,
      [userId, state.emailConfirmed ?? null, state.userStatus ?? null, state.kycStatus ?? null],
    );
    if (rowCount !== 1) throw new Error(`there is no user ${userId} in identity.users`);
  } finally {
    await client.end();
  }
}

/**
 * Moves back in time when each of the user's sessions last proved who is behind it (the
 * sign-in, or a later confirmation), as if `minutes` had passed since: what a test of an
 * action that needs a recent sign-in uses instead of waiting.
 */
export async function ageSignInProofs(databaseUrl: string, userId: string, minutes: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(`UPDATE identity.sign_in_proofs SET proved_at = proved_at - make_interval(mins => $2) WHERE user_id = $1`, [userId, minutes]);
    if (!rowCount) throw new Error(`user ${userId} has no session with a sign-in proof`);
  } finally {
    await client.end();
  }
}

let announcements = 0;

/**
 * Announces a customer's KYC status as the kyc service (its owner) does, for a service
 * under test that keeps a read model of it. Each call carries a higher version than the
 * last unless one is given. Returns the event's sequence, for `waitUntilHandled`.
 */
export function announceKycStatus(publisher: EventPublisher, userId: string, kycStatus: KycStatus, version = 1_000_000 + ++announcements): Promise<number> {
  return publisher.publish(KYC_EVENTS_STREAM, eventEnvelope(KycEvents.statusChanged, { userId, kycStatus, version, reason: null }));
}
