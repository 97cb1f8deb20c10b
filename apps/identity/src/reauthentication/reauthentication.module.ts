import { Module } from '@nestjs/common';
import { AccountSecurityCoreModule } from '../account-security/account-security-core.module';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { Reauthenticate } from './reauthenticate';
import { ReauthenticationController } from './reauthentication.controller';
import { SignInProofs } from './sign-in-proofs';

/** A signed-in person confirming it is them again, and how recently each session did. */
@Module({
  imports: [AccountSecurityCoreModule, PasskeysModule],
  controllers: [ReauthenticationController],
  providers: [Reauthenticate, SignInProofs],
})
export class ReauthenticationModule {}
