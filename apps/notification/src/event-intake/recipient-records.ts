import { EntityManager } from 'typeorm';
import { UserRegisteredEvent } from '@portal/contracts';
import { GippConfirmation, Recipient } from '../inbox/recipient.entity';

/** Keeps each user's email address, which other services' events do not carry. */
export async function rememberRecipient(manager: EntityManager, payload: UserRegisteredEvent): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(Recipient)
    .values({ userId: payload.userId, email: payload.email, firstName: payload.firstName.slice(0, 100), userType: payload.userType })
    .orUpdate(['email', 'first_name', 'user_type'], ['user_id'])
    .execute();
}

/** Records the application's GIPP confirmation; false when one was already recorded (and so sent). */
export async function isFirstGippConfirmation(manager: EntityManager, applicationId: string, eventId: string): Promise<boolean> {
  const first = await manager.createQueryBuilder().insert().into(GippConfirmation).values({ applicationId, eventId }).orIgnore().returning('application_id').execute();
  return (first.raw as unknown[]).length > 0;
}
