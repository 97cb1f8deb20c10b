import { Controller } from '@nestjs/common';
import { Actor, IdentityCommands, UpdatePreferencesPayload, UserPreferences } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { PreferencesService } from './preferences.service';

/** The signed-in person's own preferences; whose they are comes from the verified actor only. */
@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @HandlesCommand(IdentityCommands.getPreferences)
  get(@CommandActor() actor: Actor): Promise<UserPreferences> {
    return this.preferences.get(actor);
  }

  @HandlesCommand(IdentityCommands.updatePreferences)
  update(@CommandPayload() payload: UpdatePreferencesPayload, @CommandActor() actor: Actor): Promise<UserPreferences> {
    return this.preferences.update(actor, payload);
  }
}
