import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EmailConfirmationRequestedEvent, IdentityEvents } from '@portal/contracts';
import { addToOutbox, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { CONFIRMATION_LINK_TTL_SECONDS, expiresIn, webLink } from '../tokens/email-links';
import { newOpaqueToken } from '../tokens/opaque-token';
import { User } from '../users/user.entity';
import { EmailConfirmationToken } from './email-confirmation-token.entity';

/** Issues confirmation links; the notification service renders and sends the email from the event. */
@Injectable()
export class ConfirmationLinks {
  constructor(@Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment) {}

  /** A new single-use link and its email event, committed with the caller's transaction. */
  async send(manager: EntityManager, user: User): Promise<void> {
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = expiresIn(CONFIRMATION_LINK_TTL_SECONDS);
    await manager.insert(EmailConfirmationToken, { id: randomUUID(), userId: user.id, tokenHash, expiresAt });
    const event: EmailConfirmationRequestedEvent = {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      confirmationUrl: webLink(this.environment.WEB_URL, '/auth/email-confirmed', token),
      expiresAt: expiresAt.toISOString(),
    };
    await addToOutbox(manager, IdentityEvents.emailConfirmationRequested, event);
  }
}
