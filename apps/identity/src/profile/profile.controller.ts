import { Controller } from '@nestjs/common';
import { Actor, ConfirmEmailChangePayload, EmailChangeConfirmed, IdentityCommands, Profile, RequestMeta, UpdateProfilePayload } from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
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
  update(@CommandPayload() payload: UpdateProfilePayload, @CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<Profile> {
    return this.profiles.update(actor, payload, meta);
  }

  /** The link itself proves the new mailbox: no sign-in needed. */
  @HandlesCommand(IdentityCommands.confirmEmailChange)
  confirmEmailChange(@CommandPayload() payload: ConfirmEmailChangePayload, @CommandMeta() meta: RequestMeta): Promise<EmailChangeConfirmed> {
    return this.profiles.confirmEmailChange(payload.token, meta);
  }
}
