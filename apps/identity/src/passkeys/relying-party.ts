import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';

/** How long the browser's passkey prompt may stay open (WebAuthn `timeout`). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 120_000;

/**
 * Who passkeys are made for: the relying party id (a host name the browser checks against
 * the page's), the origins the browser may report, and the name the authenticator shows.
 * By default the web app's own, from WEB_URL.
 */
@Injectable()
export class RelyingParty {
  readonly id: string;
  readonly origins: string[];
  readonly name: string;

  constructor(@Inject(SERVICE_ENVIRONMENT) environment: IdentityEnvironment) {
    const web = new URL(environment.WEB_URL);
    this.id = (environment.PASSKEY_RP_ID ?? web.hostname).toLowerCase();
    this.origins = environment.PASSKEY_ORIGINS ? environment.PASSKEY_ORIGINS.split(',').map((origin) => new URL(origin).origin) : [web.origin];
    this.name = environment.PASSKEY_RP_NAME;
  }
}

/**
 * The WebAuthn user handle of an account: its id's bytes. Not personal data, stable for the
 * account's life, and what a discoverable passkey hands back to name its account.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

export function userHandleText(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}
