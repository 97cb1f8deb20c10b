import { Module } from '@nestjs/common';
import { SignInModule } from '../sign-in/sign-in.module';
import { ListPasskeys } from './list-passkeys';
import { PasskeyAssertions } from './passkey-assertions';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeysController } from './passkeys.controller';
import { ProveWithPasskey } from './prove-with-passkey';
import { RegisterPasskey } from './register-passkey';
import { RelyingParty } from './relying-party';
import { RemovePasskey } from './remove-passkey';
import { RenamePasskey } from './rename-passkey';
import { SignInWithPasskey } from './sign-in-with-passkey';
import { StartPasskeyRegistration } from './start-passkey-registration';
import { StartPasskeySignIn } from './start-passkey-sign-in';

/**
 * Passkeys (WebAuthn, with SimpleWebAuthn): registering, naming and removing them, signing
 * in with one alone, and (exported) a signed-in person's proof with one of theirs.
 */
@Module({
  imports: [SignInModule],
  controllers: [PasskeysController],
  providers: [
    RelyingParty,
    PasskeyChallenges,
    PasskeyAssertions,
    StartPasskeySignIn,
    SignInWithPasskey,
    ListPasskeys,
    StartPasskeyRegistration,
    RegisterPasskey,
    RenamePasskey,
    RemovePasskey,
    ProveWithPasskey,
  ],
  exports: [ProveWithPasskey],
})
export class PasskeysModule {}
