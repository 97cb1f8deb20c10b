import { Injectable } from '@nestjs/common';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import { Actor, MAX_PASSKEYS_PER_ACCOUNT, PasskeyCreationOptions } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { challengeBytes, PasskeyChallenges } from './passkey-challenges';
import { Passkey } from './passkey.entity';
import { callerAccount } from './passkey-records';
import { PASSKEY_CEREMONY_TIMEOUT_MS, RelyingParty, userHandleOf } from './relying-party';

export const passkeyLimitReached = () => ServiceError.of(409, 'passkey_limit_reached');

/** ES256, EdDSA, RS256: what authenticators in use sign with. */
export const PASSKEY_ALGORITHMS = [-7, -8, -257];

/**
 * Options for the browser to make a new passkey for the caller: a discoverable credential
 * (so it can later sign in without an email), user verification preferred, no attestation
 * (we trust the person, not the make of their authenticator), and their existing passkeys
 * excluded so one authenticator is not registered twice.
 */
@Injectable()
export class StartPasskeyRegistration {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly relyingParty: RelyingParty,
  ) {}

  async execute(actor: Actor): Promise<PasskeyCreationOptions> {
    const { user, existing } = await this.dataSource.transaction(async (manager) => ({
      user: await callerAccount(manager, actor),
      existing: await manager.find(Passkey, { where: { userId: actor.userId }, select: { id: true, credentialId: true, transports: true } }),
    }));
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw passkeyLimitReached();
    const challenge = await this.challenges.issue('registration', user.id);
    const publicKey = await generateRegistrationOptions({
      rpName: this.relyingParty.name,
      rpID: this.relyingParty.id,
      userID: userHandleOf(user.id),
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      challenge: challengeBytes(challenge),
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as never })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    return { publicKey: publicKey as unknown as Record<string, unknown> };
  }
}
