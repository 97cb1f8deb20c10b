import { Module } from '@nestjs/common';
import { AdminPermissionsController, AdminSettingsController } from './admin-settings.controller';
import { SettingsController } from './settings.controller';

@Module({ controllers: [SettingsController, AdminSettingsController, AdminPermissionsController] })
export class SettingsModule {}
