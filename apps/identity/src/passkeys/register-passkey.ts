import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { DataSource, QueryFailedError } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, MAX_PASSKEYS_PER_ACCOUNT, PasskeySummary, RegisterPasskeyPayload, RequestMeta } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { signedChallenge } from './passkey-assertions';
import { PasskeyChallenges } from './passkey-challenges';
import { Passkey } from './passkey.entity';
import { auditPasskeyChange, callerAccount, toPasskeySummary } from './passkey-records';
import { RelyingParty } from './relying-party';
import { PASSKEY_ALGORITHMS, passkeyLimitReached } from './start-passkey-registration';

const alreadyRegistered = () => ServiceError.of(409, 'passkey_already_registered');

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
}

/**
 * Keeps a new passkey of the caller: the browser's answer to the registration options is
 * checked (our unused challenge for this account, origin, relying party, user verification,
 * a supported key) and the public key stored under the name the person gave. Audited.
 */
@Injectable()
export class RegisterPasskey {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: PasskeyChallenges,
    private readonly relyingParty: RelyingParty,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, payload: RegisterPasskeyPayload, meta: RequestMeta): Promise<PasskeySummary> {
    const challenge = signedChallenge(payload.credential.response.clientDataJSON);
    await this.challenges.consume('registration', challenge, actor.userId);
    const registration = await this.verify(payload, challenge);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await callerAccount(manager, actor);
        // Counted under the account lock: two registrations at once cannot pass the limit together.
        if ((await manager.count(Passkey, { where: { userId: user.id } })) >= MAX_PASSKEYS_PER_ACCOUNT) throw passkeyLimitReached();
        const passkey = manager.create(Passkey, {
          id: randomUUID(),
          userId: user.id,
          credentialId: registration.credential.id,
          publicKey: Buffer.from(registration.credential.publicKey),
          counter: registration.credential.counter,
          transports: registration.credential.transports ?? [],
          name: payload.name,
          synced: registration.credentialDeviceType === 'multiDevice',
          createdAt: this.clock.now(),
          lastUsedAt: null,
        });
        await manager.insert(Passkey, passkey);
        await auditPasskeyChange(manager, user, 'passkey_added', passkey, meta);
        return toPasskeySummary(passkey);
      });
    } catch (error) {
      // The credential is already someone's (this person's, from another browser, or, impossibly, another's).
      if (isUniqueViolation(error)) throw alreadyRegistered();
      throw error;
    }
  }

  private async verify(payload: RegisterPasskeyPayload, challenge: string) {
    const { credential } = payload;
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
        expectedChallenge: challenge,
        expectedOrigin: this.relyingParty.origins,
        expectedRPID: this.relyingParty.id,
        // A passkey signs in alone: it must check who holds it (PIN, fingerprint, face).
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch (error) {
      const message = String((error as Error)?.message);
      if (/user could not be verified/i.test(message)) throw ServiceError.of(400, 'passkey_user_verification_required');
      throw ServiceError.of(400, 'passkey_verification_failed');
    }
    if (!verification.verified) throw ServiceError.of(400, 'passkey_verification_failed');
    // The browser's credential id must be the one the authenticator made.
    if (verification.registrationInfo.credential.id !== credential.id) throw ServiceError.of(400, 'passkey_response_invalid');
    return verification.registrationInfo;
  }
}
