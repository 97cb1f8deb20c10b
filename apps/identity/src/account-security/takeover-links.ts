import { EntityManager, IsNull } from 'typeorm';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity';
import { EmailChangeToken } from '../profile/email-change-token.entity';

/** The emailed links that hand the account to whoever opens them. */
export type TakeoverLink = 'password-reset' | 'email-change';

const ENTITIES = { 'password-reset': PasswordResetToken, 'email-change': EmailChangeToken } as const;

/**
 * Makes the account's unused links of these kinds useless, inside the caller's transaction.
 * A new password voids both: a reset that ends an intruder's sessions must not leave them
 * a link moving the account to their mailbox, nor a reset link asked for before. A new
 * address voids the reset links sent to the old one: the old mailbox no longer speaks for
 * the account.
 */
export async function voidTakeoverLinks(manager: EntityManager, userId: string, kinds: TakeoverLink[], now = new Date()): Promise<void> {
  for (const kind of kinds) await manager.update(ENTITIES[kind], { userId, consumedAt: IsNull() }, { consumedAt: now });
}
