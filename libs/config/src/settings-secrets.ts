import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigurationError } from './load-environment';

const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The AES-256 key that protects secrets stored inside platform settings (the biometric
 * provider's API key): identity encrypts, the service that uses the secret decrypts. In
 * production it comes from SETTINGS_ENCRYPTION_KEY (32 bytes, base64 or hex); elsewhere
 * it is generated once beside the development JWT keys, so local processes agree.
 */
export function resolveSettingsSecretKey(options: { nodeEnv: string; env?: NodeJS.ProcessEnv; keysDir?: string }): Buffer {
  const env = options.env ?? process.env;
  const configured = env.SETTINGS_ENCRYPTION_KEY?.trim();
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== KEY_BYTES) throw new ConfigurationError(['SETTINGS_ENCRYPTION_KEY (unusable): must be 32 bytes, base64 or hex']);
    return key;
  }
  if (options.nodeEnv === 'production') throw new ConfigurationError(['SETTINGS_ENCRYPTION_KEY (missing): required in production (32 bytes, base64 or hex)']);
  const dir = resolve(options.keysDir ?? env.JWT_KEYS_DIR ?? join(process.cwd(), '.run', 'jwt'));
  const path = join(dir, 'settings-secret.key');
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(temporary, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600 });
    if (!existsSync(path)) renameSync(temporary, path);
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

/** Whether a stored value is an encrypted secret (rather than a legacy plain one). */
export function isEncryptedSettingSecret(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** AES-256-GCM; the stored form carries its nonce and tag. */
export function encryptSettingSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain secret, or null when it cannot be decrypted with this key (wrong key, tampered). */
export function decryptSettingSecret(key: Buffer, stored: string): string | null {
  if (!isEncryptedSettingSecret(stored)) return null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Encrypts and decrypts setting secrets; the key is resolved on first use, so a process that never handles one needs none. */
export class SettingsSecretBox {
  private key: Buffer | null = null;

  constructor(private readonly options: { nodeEnv: string; env?: NodeJS.ProcessEnv; keysDir?: string }) {}

  /** From a service's validated environment (NODE_ENV, SETTINGS_ENCRYPTION_KEY, JWT_KEYS_DIR). */
  static fromEnvironment(environment: { NODE_ENV: string; SETTINGS_ENCRYPTION_KEY?: string; JWT_KEYS_DIR?: string }): SettingsSecretBox {
    return new SettingsSecretBox({ nodeEnv: environment.NODE_ENV, env: { SETTINGS_ENCRYPTION_KEY: environment.SETTINGS_ENCRYPTION_KEY }, keysDir: environment.JWT_KEYS_DIR });
  }

  encrypt(plaintext: string): string {
    return encryptSettingSecret(this.secretKey(), plaintext);
  }

  decrypt(stored: string): string | null {
    return decryptSettingSecret(this.secretKey(), stored);
  }

  private secretKey(): Buffer {
    this.key ??= resolveSettingsSecretKey(this.options);
    return this.key;
  }
}
