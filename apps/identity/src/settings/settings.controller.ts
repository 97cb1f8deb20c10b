import { Controller } from '@nestjs/common';
import { Actor, AdminPermissionsView, AdminSettingList, AdminSettingView, AllSettings, IdentityCommands, PublicSettings, SettingHistory, SettingKeyPayload, SettingValue, UpdateSettingPayload } from '@portal/contracts';
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

  @HandlesCommand(IdentityCommands.listAdminSettings)
  listAdminSettings(@CommandActor() actor: Actor): Promise<AdminSettingList> {
    return this.settings.adminSettings(actor);
  }

  @HandlesCommand(IdentityCommands.changeSetting)
  changeSetting(@CommandPayload() payload: UpdateSettingPayload, @CommandActor() actor: Actor): Promise<AdminSettingView> {
    return this.settings.changeSetting(payload.key, payload.value, actor);
  }

  @HandlesCommand(IdentityCommands.getMyAdminPermissions)
  myAdminPermissions(@CommandActor() actor: Actor): Promise<AdminPermissionsView> {
    return this.settings.myAdminPermissions(actor);
  }

  @HandlesCommand(IdentityCommands.getSettingHistory)
  history(@CommandPayload() payload: SettingKeyPayload, @CommandActor() actor: Actor): Promise<SettingHistory> {
    return this.settings.history(payload.key, actor);
  }
}
