import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, ApplyNotificationPreferencesPayload, NotificationCommands, NotificationPreferencesApplied } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { isErased } from '../erasure/erased-users';
import { rememberPreferences } from './notification-preferences';

/**
 * Toggles applied as soon as the customer saves them. Without this, an event published a
 * moment after the save could overtake identity's preferences-changed event and send a
 * message the customer had just switched off.
 */
@Controller()
export class NotificationPreferencesController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(NotificationCommands.applyPreferences)
  async apply(@CommandActor() actor: Actor | null, @CommandPayload() payload: ApplyNotificationPreferencesPayload): Promise<NotificationPreferencesApplied> {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    await this.dataSource.transaction(async (manager) => {
      // A save racing the account's deletion must not bring the person's choices back.
      if (await isErased(manager, actor.userId)) return;
      await rememberPreferences(manager, { userId: actor.userId, notifications: payload.notifications, language: payload.language, version: payload.version });
    });
    return { version: payload.version };
  }
}
