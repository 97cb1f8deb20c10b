import { Controller, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';

/** Download My Data: the caller's in-app notifications. */
@Controller()
export class NotificationDataExportController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(DataExportCommands.notification)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const notifications = await personalRows(
      this.dataSource,
      `SELECT id, title, message, type, category, expires_at, read_at, created_at FROM notification.notifications WHERE user_id = $1 ORDER BY created_at DESC`,
      [actor.userId],
    );
    return { service: 'notification', data: { notifications } };
  }
}

@Module({ controllers: [NotificationDataExportController] })
export class NotificationDataExportModule {}
