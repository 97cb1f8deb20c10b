import { Injectable } from '@nestjs/common';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { PasskeyRequestOptions } from '@portal/contracts';
import { challengeBytes, PasskeyChallenges } from './passkey-challenges';
import { PASSKEY_CEREMONY_TIMEOUT_MS, RelyingParty } from './relying-party';

/**
 * Options for signing in with a passkey before anyone is known: no credentials listed, so
 * the browser offers the person's discoverable passkeys for this site. User verification is
 * required: the passkey stands in for the password and the second factor together.
 */
@Injectable()
export class StartPasskeySignIn {
  constructor(
    private readonly challenges: PasskeyChallenges,
    private readonly relyingParty: RelyingParty,
  ) {}

  async execute(): Promise<PasskeyRequestOptions> {
    const challenge = await this.challenges.issue('sign-in', null);
    const publicKey = await generateAuthenticationOptions({
      rpID: this.relyingParty.id,
      allowCredentials: [],
      challenge: challengeBytes(challenge),
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    return { publicKey: publicKey as unknown as Record<string, unknown> };
  }
}
