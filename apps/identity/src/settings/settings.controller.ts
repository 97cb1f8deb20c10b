import { Controller } from '@nestjs/common';
import { Actor, AllSettings, IdentityCommands, PublicSettings, SettingValue, UpdateSettingPayload } from '@portal/contracts';
import { SettingsService } from './settings.service';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** What the web app needs before anyone signs in; contains nothing secret. */
  @HandlesCommand(IdentityCommands.getPublicSettings)
  getPublicSettings(): Promise<PublicSettings> {
    return this.settings.publicSettings();
  }

  /** For services loading their settings at start; internal, never forwarded by the gateway. */
  @HandlesCommand(IdentityCommands.getAllSettings)
  getAllSettings(): Promise<AllSettings> {
    return this.settings.allSettings();
  }

  @HandlesCommand(IdentityCommands.updateSetting)
  updateSetting(@CommandPayload() payload: UpdateSettingPayload, @CommandActor() actor: Actor): Promise<SettingValue> {
    return this.settings.updateSetting(payload.key, payload.value, actor);
  }
}
