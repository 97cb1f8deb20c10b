import { Injectable } from '@nestjs/common';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import { PasskeyAuthenticationCredential, PasskeyRequestOptions } from '@portal/contracts';
import { PasskeyAssertions } from './passkey-assertions';
import { challengeBytes, PasskeyChallenges } from './passkey-challenges';
import { Passkey } from './passkey.entity';
import { PASSKEY_CEREMONY_TIMEOUT_MS, RelyingParty } from './relying-party';

/**
 * A signed-in person proves, with one of their own passkeys, that they are at the keyboard
 * now (re-authentication before an action that moves money or takes over the account).
 * `options` issues a challenge bound to the account and lists its passkeys; `verify`
 * accepts only an answer to that challenge, signed by one of them with user verification,
 * and returns the account's id, or throws a 4xx ServiceError (passkey_challenge_expired,
 * passkey_not_recognised, passkey_verification_failed, passkey_user_verification_required).
 */
@Injectable()
export class ProveWithPasskey {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly assertions: PasskeyAssertions,
    private readonly relyingParty: RelyingParty,
  ) {}

  async options(userId: string): Promise<PasskeyRequestOptions> {
    const passkeys = await this.dataSource.manager.find(Passkey, { where: { userId }, select: { id: true, credentialId: true, transports: true } });
    const challenge = await this.challenges.issue('proof', userId);
    const publicKey = await generateAuthenticationOptions({
      rpID: this.relyingParty.id,
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as never })),
      challenge: challengeBytes(challenge),
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    return { publicKey: publicKey as unknown as Record<string, unknown> };
  }

  async verify(userId: string, credential: PasskeyAuthenticationCredential): Promise<string> {
    const opened = await this.assertions.open('proof', credential, userId);
    await this.assertions.verify(opened);
    return opened.passkey.userId;
  }
}
