import { Controller } from '@nestjs/common';
import { Actor, ConfirmEmailChangePayload, EmailChangeConfirmed, IdentityCommands, Profile, UpdateProfilePayload } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { ProfileService } from './profile.service';

/** The signed-in person's own profile; whose it is comes from the verified actor only. */
@Controller()
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @HandlesCommand(IdentityCommands.getProfile)
  get(@CommandActor() actor: Actor): Promise<Profile> {
    return this.profiles.get(actor);
  }

  @HandlesCommand(IdentityCommands.updateProfile)
  update(@CommandPayload() payload: UpdateProfilePayload, @CommandActor() actor: Actor): Promise<Profile> {
    return this.profiles.update(actor, payload);
  }

  /** The link itself proves the new mailbox: no sign-in needed. */
  @HandlesCommand(IdentityCommands.confirmEmailChange)
  confirmEmailChange(@CommandPayload() payload: ConfirmEmailChangePayload): Promise<EmailChangeConfirmed> {
    return this.profiles.confirmEmailChange(payload.token);
  }
}
