import { Controller } from '@nestjs/common';
import {
  Actor,
  AuthSession,
  IdentityCommands,
  PasskeyAssertionPayload,
  PasskeyCreationOptions,
  PasskeyIdPayload,
  PasskeyList,
  PasskeyRequestOptions,
  PasskeySummary,
  RegisterPasskeyPayload,
  RenamePasskeyPayload,
  RequestMeta,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { ListPasskeys } from './list-passkeys';
import { RegisterPasskey } from './register-passkey';
import { RemovePasskey } from './remove-passkey';
import { RenamePasskey } from './rename-passkey';
import { SignInWithPasskey } from './sign-in-with-passkey';
import { StartPasskeyRegistration } from './start-passkey-registration';
import { StartPasskeySignIn } from './start-passkey-sign-in';

/** Passkeys: signing in with one, and the signed-in person's own (Security tab). */
@Controller()
export class PasskeysController {
  constructor(
    private readonly startSignIn: StartPasskeySignIn,
    private readonly signInWithPasskey: SignInWithPasskey,
    private readonly listPasskeys: ListPasskeys,
    private readonly startRegistration: StartPasskeyRegistration,
    private readonly registerPasskey: RegisterPasskey,
    private readonly renamePasskey: RenamePasskey,
    private readonly removePasskey: RemovePasskey,
  ) {}

  @HandlesCommand(IdentityCommands.passkeySignInOptions)
  signInOptions(): Promise<PasskeyRequestOptions> {
    return this.startSignIn.execute();
  }

  /** meta.clientIp, set by the gateway, feeds the sign-in limits. */
  @HandlesCommand(IdentityCommands.signInWithPasskey)
  signIn(@CommandPayload() payload: PasskeyAssertionPayload, @CommandMeta() meta: RequestMeta): Promise<AuthSession> {
    return this.signInWithPasskey.execute(payload, meta);
  }

  @HandlesCommand(IdentityCommands.listPasskeys)
  list(@CommandActor() actor: Actor): Promise<PasskeyList> {
    return this.listPasskeys.execute(actor);
  }

  @HandlesCommand(IdentityCommands.passkeyRegistrationOptions)
  registrationOptions(@CommandActor() actor: Actor): Promise<PasskeyCreationOptions> {
    return this.startRegistration.execute(actor);
  }

  @HandlesCommand(IdentityCommands.registerPasskey)
  register(@CommandActor() actor: Actor, @CommandPayload() payload: RegisterPasskeyPayload, @CommandMeta() meta: RequestMeta): Promise<PasskeySummary> {
    return this.registerPasskey.execute(actor, payload, meta);
  }

  @HandlesCommand(IdentityCommands.renamePasskey)
  rename(@CommandActor() actor: Actor, @CommandPayload() payload: RenamePasskeyPayload): Promise<PasskeySummary> {
    return this.renamePasskey.execute(actor, payload);
  }

  @HandlesCommand(IdentityCommands.removePasskey)
  remove(@CommandActor() actor: Actor, @CommandPayload() payload: PasskeyIdPayload, @CommandMeta() meta: RequestMeta): Promise<void> {
    return this.removePasskey.execute(actor, payload.passkeyId, meta);
  }
}
