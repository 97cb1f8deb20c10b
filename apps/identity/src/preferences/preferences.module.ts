import { Module } from '@nestjs/common';
import { PreferencesController } from './preferences.controller';
import { PreferencesService } from './preferences.service';

/** Notification, display and privacy preferences (Account Settings). */
@Module({ controllers: [PreferencesController], providers: [PreferencesService] })
export class PreferencesModule {}
