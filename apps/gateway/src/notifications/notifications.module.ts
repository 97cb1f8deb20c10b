import { Module } from '@nestjs/common';
import { AdminNotificationsController } from './admin-notifications.controller';
import { NotificationsController } from './notifications.controller';

@Module({ controllers: [NotificationsController, AdminNotificationsController] })
export class NotificationsModule {}
