import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { decryptSettingSecret, encryptSettingSecret, resolveSettingsSecretKey } from '@portal/config';
import { SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';

/** A Standard Webhooks signing secret: whsec_ and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Signing secrets at rest: AES-256-GCM under the settings encryption key (as identity keeps
 * the biometric provider's key; SETTINGS_ENCRYPTION_KEY in production, a generated local key
 * elsewhere). The key is read on first use, so the service starts without it.
 */
@Injectable()
export class WebhookSecrets {
  private key: Buffer | null = null;

  constructor(@Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment) {}

  seal(secret: string): string {
    return encryptSettingSecret(this.keyNow(), secret);
  }

  open(stored: string): string {
    const secret = decryptSettingSecret(this.keyNow(), stored);
    if (secret === null) throw new Error('the webhook signing secret cannot be decrypted with this SETTINGS_ENCRYPTION_KEY');
    return secret;
  }

  private keyNow(): Buffer {
    this.key ??= resolveSettingsSecretKey({ nodeEnv: this.environment.NODE_ENV, env: { ...process.env, SETTINGS_ENCRYPTION_KEY: this.environment.SETTINGS_ENCRYPTION_KEY ?? process.env.SETTINGS_ENCRYPTION_KEY } });
    return this.key;
  }
}
