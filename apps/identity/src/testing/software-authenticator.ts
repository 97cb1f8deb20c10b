import { createHash, generateKeyPairSync, KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyAuthenticationCredential, PasskeyRegistrationCredential } from '@portal/contracts';

interface StoredCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/**
 * A passkey authenticator in software (ES256 keys from node:crypto, 'none' attestation),
 * answering WebAuthn options as a browser with a platform authenticator would: what the
 * tests register and sign in with. It keeps discoverable credentials per relying party.
 */
export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new credential for the options' account. */
  create(options: Record<string, unknown>, { userVerified = true, origin = this.origin, challenge }: { userVerified?: boolean; origin?: string; challenge?: string } = {}): PasskeyRegistrationCredential {
    const { challenge: optionsChallenge, rp, user } = options as unknown as CreationOptions;
    const rpId = rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40; // user present, verified, attested credential data
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(0), Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey)]);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, string>()], ['authData', new Uint8Array(authData)]]));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: challenge ?? optionsChallenge, origin, crossOrigin: false });
    const id = b64url(credentialId);
    this.credentials.push({ id, rpId, userHandle: user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(Buffer.from(clientDataJSON)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get(): an assertion by the given credential (else the newest for the relying party). */
  get(
    options: Record<string, unknown>,
    { credentialId, userVerified = true, origin = this.origin, counter }: { credentialId?: string; userVerified?: boolean; origin?: string; counter?: number } = {},
  ): PasskeyAuthenticationCredential {
    const { challenge, rpId = new URL(origin).hostname } = options as unknown as RequestOptions;
    const credential = credentialId ? this.credentials.find((candidate) => candidate.id === credentialId) : this.credentials.filter((candidate) => candidate.rpId === rpId).at(-1);
    if (!credential) throw new Error('no credential for this relying party');
    credential.counter = counter ?? credential.counter + 1;
    const flags = 0x01 | (userVerified ? 0x04 : 0);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(credential.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: credential.userHandle },
    };
  }
}
