import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthErrorCodes, AuthMessages, IdentityEvents, SignUpPayload, SignUpResult, UserRegisteredEvent } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { ConfirmationLinks } from '../email-confirmation/confirmation-links';
import { SettingsService } from '../settings/settings.service';
import { assertNotCommonPassword } from '../users/common-passwords';
import { hashPassword } from '../users/passwords';
import { EmailTakenError, findUserByEmail, insertUser } from '../users/user-records';

const duplicateEmail = () => ServiceError.conflict(AuthMessages.duplicateEmail, AuthErrorCodes.duplicateEmail);

@Injectable()
export class SignUpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly confirmationLinks: ConfirmationLinks,
  ) {}

  /** Creates an active but unconfirmed customer and emails the confirmation link. */
  async signUp(payload: SignUpPayload): Promise<SignUpResult> {
    const toggles = await this.settings.featureToggles();
    if (!toggles.new_registrations) throw ServiceError.forbidden(AuthMessages.registrationsClosed, AuthErrorCodes.registrationsClosed);
    // A cheap look first spares the hashing work; the unique index still decides races.
    if (await findUserByEmail(this.dataSource.manager, payload.email)) throw duplicateEmail();
    assertNotCommonPassword(payload.password);
    const passwordHash = await hashPassword(payload.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await insertUser(manager, { email: payload.email, passwordHash, firstName: payload.firstName, lastName: payload.lastName, userType: 'customer' });
        const registered: UserRegisteredEvent = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType };
        await addToOutbox(manager, IdentityEvents.userRegistered, registered);
        await this.confirmationLinks.send(manager, user);
        return { userId: user.id, email: user.email, confirmationRequired: true };
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw duplicateEmail();
      throw error;
    }
  }
}
