import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminPermissionsController, AdminSettingsController } from './admin-settings.controller';
import { SettingsController } from './settings.controller';

@Module({ imports: [AuthModule], controllers: [SettingsController, AdminSettingsController, AdminPermissionsController] })
export class SettingsModule {}
