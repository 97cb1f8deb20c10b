import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { defineCommand, EmptyPayload } from '../common/messages';
import { IsOmittable } from '../common/validators';
import { PasskeyAuthenticationCredential, PasskeyRequestOptions } from './passkeys';

/**
 * How long a sign-in proof (a password, an authenticator code or a passkey given at sign-in or
 * on request) keeps counting for what moves money or could hand the account to someone else.
 * Older than this, such an action answers 401 `reauthentication_required`.
 */
export const REAUTHENTICATION_WINDOW_MINUTES = 5;

export const ReauthenticationMessages = {
  required: 'Please confirm it is you to continue.',
  oneProof: 'Please give your password, an authenticator code or a passkey.',
  wrongPassword: 'The password is not correct.',
  wrongCode: 'The code is not valid. Please try again.',
  noTwoFactor: 'Two-factor sign-in is not on for this account. Please use your password.',
} as const;

export const ReauthenticationErrorCodes = {
  required: 'reauthentication_required',
  oneProof: 'reauthentication_proof_required',
  wrongPassword: 'reauthentication_wrong_password',
  wrongCode: 'reauthentication_wrong_code',
  noTwoFactor: 'reauthentication_two_factor_off',
} as const;

/**
 * `POST /auth/reauthenticate`: exactly one proof. The passkey is the browser's assertion
 * (`navigator.credentials.get` as SimpleWebAuthn's startAuthentication returns it), for the
 * challenge of `POST /auth/reauthenticate/passkey-options`.
 */
export class ReauthenticatePayload {
  @ApiPropertyOptional({ description: "The account's password" })
  @IsOmittable()
  @IsString()
  @MaxLength(256)
  password?: string;

  @ApiPropertyOptional({ description: 'A code from the authenticator app (6 digits) or a recovery code' })
  @IsOmittable()
  @IsString()
  @Length(6, 32)
  code?: string;

  @ApiPropertyOptional({ type: PasskeyAuthenticationCredential, description: 'A passkey assertion for the challenge of the passkey proof options' })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PasskeyAuthenticationCredential)
  passkey?: PasskeyAuthenticationCredential;
}

export class SignInProofPayload {
  @IsString() userId: string;
  @IsString() sessionId: string;
}

/** When the session last proved who it is, or null when it never did (e.g. a session started by an email link). */
export interface SignInProof {
  provedAt: string | null;
}

export const ReauthenticationCommands = {
  /** Records a fresh sign-in proof for the caller's session (the actor's sessionId). */
  reauthenticate: defineCommand<ReauthenticatePayload, void>('identity.auth.reauthenticate.v1', ReauthenticatePayload),
  /** A challenge for the caller to answer with one of their own passkeys. */
  passkeyProofOptions: defineCommand<EmptyPayload, PasskeyRequestOptions>('identity.auth.reauthentication-passkey-options.v1', EmptyPayload),
  /** When a session last proved who it is: the gateway asks before what needs a recent proof. */
  signInProof: defineCommand<SignInProofPayload, SignInProof>('identity.auth.sign-in-proof.v1', SignInProofPayload),
};
