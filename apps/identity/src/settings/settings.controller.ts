import { Controller } from '@nestjs/common';
import { IdentityCommands, PublicSettings } from '@portal/contracts';
import { SettingsService } from './settings.service';
import { HandlesCommand } from '@portal/messaging';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** What the web app needs before anyone signs in; contains nothing secret. */
  @HandlesCommand(IdentityCommands.getPublicSettings)
  getPublicSettings(): Promise<PublicSettings> {
    return this.settings.publicSettings();
  }
}
