import { Controller } from '@nestjs/common';
import { Actor, EmptyPayload, IdentityCommands, PasskeyRequestOptions, ReauthenticatePayload, RequestMeta, SignInProof, SignInProofPayload } from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { ProveWithPasskey } from '../passkeys/prove-with-passkey';
import { Reauthenticate } from './reauthenticate';
import { SignInProofs } from './sign-in-proofs';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
}

@Controller()
export class ReauthenticationController {
  constructor(
    private readonly reauthenticate: Reauthenticate,
    private readonly proofs: SignInProofs,
    private readonly passkeys: ProveWithPasskey,
  ) {}

  @HandlesCommand(IdentityCommands.reauthenticate)
  confirm(@CommandPayload() payload: ReauthenticatePayload, @CommandActor() actor: Actor | null, @CommandMeta() meta: RequestMeta): Promise<void> {
    return this.reauthenticate.execute(signedIn(actor), payload, meta);
  }

  @HandlesCommand(IdentityCommands.passkeyProofOptions)
  passkeyOptions(@CommandPayload() _payload: EmptyPayload, @CommandActor() actor: Actor | null): Promise<PasskeyRequestOptions> {
    return this.passkeys.options(signedIn(actor).userId);
  }

  @HandlesCommand(IdentityCommands.signInProof)
  signInProof(@CommandPayload() payload: SignInProofPayload): Promise<SignInProof> {
    return this.proofs.of(payload);
  }
}
