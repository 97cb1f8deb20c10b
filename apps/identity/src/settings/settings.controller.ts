import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentityCommands, PublicSettings } from '@portal/contracts';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** What the web app needs before anyone signs in; contains nothing secret. */
  @MessagePattern(IdentityCommands.getPublicSettings)
  getPublicSettings(): Promise<PublicSettings> {
    return this.settings.publicSettings();
  }
}
