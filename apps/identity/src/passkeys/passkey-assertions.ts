import { Injectable } from '@nestjs/common';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { PasskeyAuthenticationCredential } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { PasskeyCeremony, PasskeyChallenges } from './passkey-challenges';
import { Passkey } from './passkey.entity';
import { RelyingParty, userHandleText } from './relying-party';

export const passkeyNotRecognised = () => ServiceError.of(401, 'passkey_not_recognised');
export const passkeyVerificationFailed = () => ServiceError.of(401, 'passkey_verification_failed');
export const userVerificationRequired = () => ServiceError.of(401, 'passkey_user_verification_required');
export const passkeyResponseInvalid = () => ServiceError.of(400, 'passkey_response_invalid');

/** The challenge the browser says it signed, read from its client data; malformed data is a 400. */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const clientData = decodeClientDataJSON(clientDataJSON);
    if (typeof clientData.challenge !== 'string' || !clientData.challenge) throw new Error('no challenge');
    return clientData.challenge;
  } catch {
    throw passkeyResponseInvalid();
  }
}

/** An assertion whose challenge was ours and unused, and the passkey it names. */
export interface OpenedAssertion {
  passkey: Passkey;
  challenge: string;
  credential: PasskeyAuthenticationCredential;
}

/**
 * Checks passkey assertions (navigator.credentials.get answers) in two steps, so that a
 * sign-in can apply its limits between them: `open` uses up the challenge and finds the
 * passkey; `verify` checks the signature, the origin, the relying party, user verification
 * and the counter, and records the use.
 */
@Injectable()
export class PasskeyAssertions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly relyingParty: RelyingParty,
    private readonly clock: Clock,
  ) {}

  /**
   * `userId`: the account the challenge was issued to and the passkey must belong to (a
   * signed-in person's proof); null for a sign-in, where the passkey names its account.
   */
  async open(ceremony: PasskeyCeremony, credential: PasskeyAuthenticationCredential, userId: string | null): Promise<OpenedAssertion> {
    const challenge = signedChallenge(credential.response.clientDataJSON);
    // First, whatever follows: an answer, right or wrong, uses its challenge up.
    await this.challenges.consume(ceremony, challenge, userId);
    const passkey = await this.dataSource.manager.findOneBy(Passkey, { credentialId: credential.id });
    if (!passkey || (userId !== null && passkey.userId !== userId)) throw passkeyNotRecognised();
    // A discoverable passkey names the account it was made for; it must be the passkey's own.
    if (credential.response.userHandle !== undefined && credential.response.userHandle !== userHandleText(passkey.userId)) throw passkeyNotRecognised();
    return { passkey, challenge, credential };
  }

  async verify({ passkey, challenge, credential }: OpenedAssertion): Promise<void> {
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
        expectedChallenge: challenge,
        expectedOrigin: this.relyingParty.origins,
        expectedRPID: this.relyingParty.id,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as never },
        // Signing in without a password: the passkey must have checked who holds it.
        requireUserVerification: true,
      });
    } catch (error) {
      throw /user could not be verified/i.test(String((error as Error)?.message)) ? userVerificationRequired() : passkeyVerificationFailed();
    }
    if (!verification.verified) throw passkeyVerificationFailed();
    const { newCounter } = verification.authenticationInfo;
    // Only forward: of two assertions racing with increasing counters, the counter keeps the higher.
    await this.dataSource
      .createQueryBuilder()
      .update(Passkey)
      .set({ counter: () => `GREATEST(counter, ${Number(newCounter)})`, lastUsedAt: this.clock.now() })
      .where('id = :id', { id: passkey.id })
      .execute();
  }
}
