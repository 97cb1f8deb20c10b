import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { refusal } from '../common/refusal';

/** Messages of passkeys (WebAuthn), word for word for clients and tests. */
export const PasskeyMessages = {
  challengeExpired: 'Your passkey request has expired. Please try again.',
  notRecognised: 'This passkey is not registered for any account. Sign in with your email and password instead.',
  verificationFailed: 'Your passkey could not be verified. Please try again.',
  userVerificationRequired: 'Your passkey must confirm it is you (PIN, fingerprint or face). Please try again.',
  responseInvalid: 'The passkey response is not valid. Please try again.',
  notFound: 'Passkey not found.',
  nameRequired: 'Please give the passkey a name.',
  nameTooLong: 'Passkey names are at most 64 characters.',
  alreadyRegistered: 'This passkey is already registered.',
  limitReached: 'You can have at most 20 passkeys. Remove one to add another.',
} as const;

export const PasskeyErrorCodes = {
  challengeExpired: 'passkey_challenge_expired',
  notRecognised: 'passkey_not_recognised',
  verificationFailed: 'passkey_verification_failed',
  userVerificationRequired: 'passkey_user_verification_required',
  responseInvalid: 'passkey_response_invalid',
  notFound: 'passkey_not_found',
  nameRequired: 'passkey_name_required',
  nameTooLong: 'passkey_name_too_long',
  alreadyRegistered: 'passkey_already_registered',
  limitReached: 'passkey_limit_reached',
} as const;

export const PASSKEY_NAME_MAX_LENGTH = 64;
/** Passkeys one account may hold: enough for every device and a spare key, not a table to fill. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Generous bounds on the browser's encoded fields: an attestation with certificates runs to a few kB. */
const ID_MAX = 1_400;
const CLIENT_DATA_MAX = 4_000;
const ATTESTATION_MAX = 32_000;
const invalid = refusal('passkey_response_invalid');
const trimName = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

function base64url(max: number) {
  return (target: object, property: string) => {
    IsString(invalid)(target, property);
    IsNotEmpty(invalid)(target, property);
    MaxLength(max, invalid)(target, property);
    Matches(BASE64URL, invalid)(target, property);
  };
}

/** The authenticator's answer to navigator.credentials.create(), as the browser encodes it (RegistrationResponseJSON). */
export class PasskeyAttestationResponse {
  @ApiProperty({ description: 'base64url' }) @base64url(CLIENT_DATA_MAX) clientDataJSON: string;
  @ApiProperty({ description: 'base64url' }) @base64url(ATTESTATION_MAX) attestationObject: string;
  @ApiPropertyOptional({ description: 'base64url' }) @IsOptional() @base64url(ATTESTATION_MAX) authenticatorData?: string;
  @ApiPropertyOptional({ enum: PASSKEY_TRANSPORTS, isArray: true })
  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(PASSKEY_TRANSPORTS.length, invalid)
  @IsIn(PASSKEY_TRANSPORTS, { each: true, ...invalid })
  transports?: PasskeyTransport[];
  @ApiPropertyOptional() @IsOptional() @IsInt(invalid) publicKeyAlgorithm?: number;
  @ApiPropertyOptional({ description: 'base64url' }) @IsOptional() @base64url(ATTESTATION_MAX) publicKey?: string;
}

/** The authenticator's answer to navigator.credentials.get() (AuthenticationResponseJSON's response). */
export class PasskeyAssertionResponse {
  @ApiProperty({ description: 'base64url' }) @base64url(CLIENT_DATA_MAX) clientDataJSON: string;
  @ApiProperty({ description: 'base64url' }) @base64url(ATTESTATION_MAX) authenticatorData: string;
  @ApiProperty({ description: 'base64url' }) @base64url(ID_MAX) signature: string;
  @ApiPropertyOptional({ description: 'base64url; the account the passkey was made for' }) @IsOptional() @base64url(ID_MAX) userHandle?: string;
}

abstract class PasskeyCredentialBase {
  @ApiProperty({ description: 'base64url credential id' }) @base64url(ID_MAX) id: string;
  @ApiProperty({ description: 'base64url credential id (the same as id)' }) @base64url(ID_MAX) rawId: string;
  @ApiProperty({ enum: ['public-key'] }) @IsIn(['public-key'], invalid) type: 'public-key';
  @ApiPropertyOptional({ enum: ['platform', 'cross-platform'] }) @IsOptional() @IsIn(['platform', 'cross-platform'], invalid) authenticatorAttachment?: 'platform' | 'cross-platform';
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) @IsOptional() @IsObject(invalid) clientExtensionResults?: Record<string, unknown>;
}

export class PasskeyRegistrationCredential extends PasskeyCredentialBase {
  @ApiProperty({ type: PasskeyAttestationResponse })
  @IsDefined(invalid)
  @IsObject(invalid)
  @ValidateNested(invalid)
  @Type(() => PasskeyAttestationResponse)
  response: PasskeyAttestationResponse;
}

export class PasskeyAuthenticationCredential extends PasskeyCredentialBase {
  @ApiProperty({ type: PasskeyAssertionResponse })
  @IsDefined(invalid)
  @IsObject(invalid)
  @ValidateNested(invalid)
  @Type(() => PasskeyAssertionResponse)
  response: PasskeyAssertionResponse;
}

/** A passkey's name as its owner gives it ("Work laptop"). */
export class PasskeyNamePayload {
  @ApiProperty({ maxLength: PASSKEY_NAME_MAX_LENGTH, example: 'Work laptop' })
  @Transform(trimName)
  @IsString(refusal('passkey_name_required'))
  @IsNotEmpty(refusal('passkey_name_required'))
  @MaxLength(PASSKEY_NAME_MAX_LENGTH, refusal('passkey_name_too_long'))
  name: string;
}

/** Adds a passkey: the browser's answer to the registration options, and a name for it. */
export class RegisterPasskeyPayload extends PasskeyNamePayload {
  @ApiProperty({ type: PasskeyRegistrationCredential })
  @IsDefined(invalid)
  @IsObject(invalid)
  @ValidateNested(invalid)
  @Type(() => PasskeyRegistrationCredential)
  credential: PasskeyRegistrationCredential;
}

/** A passkey assertion: the browser's answer to authentication options. */
export class PasskeyAssertionPayload {
  @ApiProperty({ type: PasskeyAuthenticationCredential })
  @IsDefined(invalid)
  @IsObject(invalid)
  @ValidateNested(invalid)
  @Type(() => PasskeyAuthenticationCredential)
  credential: PasskeyAuthenticationCredential;
}

export class PasskeyIdPayload {
  @IsUUID() passkeyId: string;
}

export class RenamePasskeyPayload extends PasskeyNamePayload {
  @IsUUID() passkeyId: string;
}

/** Options for the browser's WebAuthn ceremony, to pass as they are (e.g. to @simplewebauthn/browser). */
export class PasskeyCreationOptions {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create()' })
  publicKey: Record<string, unknown>;
}

export class PasskeyRequestOptions {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'PublicKeyCredentialRequestOptionsJSON for navigator.credentials.get()' })
  publicKey: Record<string, unknown>;
}

/** One of the caller's passkeys (never its key material). */
export class PasskeySummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'ISO-8601' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'ISO-8601; null until first used to sign in' }) lastUsedAt: string | null;
  @ApiProperty({ description: 'Synced across devices by its provider (a multi-device credential)' }) synced: boolean;
}

export class PasskeyList {
  @ApiProperty({ type: [PasskeySummary] }) items: PasskeySummary[];
}
