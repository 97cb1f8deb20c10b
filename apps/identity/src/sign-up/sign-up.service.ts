import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { IdentityEvents, SignUpAttemptedEvent, SignUpPayload, SignUpResult, UserRegisteredEvent } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { ConfirmationLinks } from '../email-confirmation/confirmation-links';
import { SettingsService } from '../settings/settings.service';
import { assertNotCommonPassword } from '../users/common-passwords';
import { hashPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { EmailTakenError, findUserByEmail, insertUser, normaliseEmail } from '../users/user-records';

@Injectable()
export class SignUpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly confirmationLinks: ConfirmationLinks,
  ) {}

  /**
   * Creates an active but unconfirmed customer and emails the confirmation link. An address
   * that already has an account gets the same answer, so sign-up never tells anyone who is a
   * customer: nothing is created or changed, and the owner is emailed that someone tried to
   * register it (with a sign-in and a password reset link). Both take the same work (the
   * password is hashed either way), so the time taken does not tell them apart either.
   */
  async signUp(payload: SignUpPayload): Promise<SignUpResult> {
    const toggles = await this.settings.featureToggles();
    if (!toggles.new_registrations) throw ServiceError.of(403, 'registrations_closed');
    assertNotCommonPassword(payload.password);
    const passwordHash = await hashPassword(payload.password);
    const accepted: SignUpResult = { email: normaliseEmail(payload.email), confirmationRequired: true };
    try {
      await this.dataSource.transaction(async (manager) => {
        const existing = await findUserByEmail(manager, payload.email);
        if (existing) return this.tellOwner(manager, existing);
        const user = await insertUser(manager, { email: payload.email, passwordHash, firstName: payload.firstName, lastName: payload.lastName, userType: 'customer' });
        const registered: UserRegisteredEvent = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType };
        await addToOutbox(manager, IdentityEvents.userRegistered, registered);
        await this.confirmationLinks.send(manager, user);
      });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // Registered meanwhile by a simultaneous sign-up (the unique index decided): its owner is told as well.
      await this.dataSource.transaction(async (manager) => {
        const owner = await findUserByEmail(manager, payload.email);
        if (owner) await this.tellOwner(manager, owner);
      });
    }
    return accepted;
  }

  /** The owner of the address is emailed (through the notification service) that someone tried to sign up with it. */
  private async tellOwner(manager: EntityManager, owner: User): Promise<void> {
    const attempted: SignUpAttemptedEvent = { userId: owner.id, email: owner.email, firstName: owner.firstName, userType: owner.userType };
    await addToOutbox(manager, IdentityEvents.signUpAttempted, attempted);
  }
}
