import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, sign, verify } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { headers as natsHeaders, MsgHdrs } from 'nats';
import { BACKEND_SERVICES } from '@portal/contracts';
import { ConfigurationError } from '@portal/config';
import { declaredAttachment } from './command-attachment';

/**
 * Who may sign a command: the gateway (the only process that authenticates people, so the
 * only one that may state a person as the actor) and each backend service (calling another
 * on its own account or on behalf of the gateway's caller). A process that can reach NATS
 * but holds none of these keys cannot give a service a command, whatever envelope it sends.
 */
export const COMMAND_SIGNERS = ['gateway', ...BACKEND_SERVICES] as const;
export type CommandSignerName = (typeof COMMAND_SIGNERS)[number];

/** The headers a signed command carries beside its body (the body itself is not changed). */
export const SIGNATURE_HEADERS = { signer: 'Portal-Signer', expiresAt: 'Portal-Expires', signature: 'Portal-Signature' } as const;

/** Why a command was refused, in the words of the audit record and the log. */
export type CommandRefusal = 'unsigned' | 'unknown_signer' | 'expired' | 'bad_signature' | 'replayed';

/**
 * Envelopes expire a little after their caller stops waiting; a clock this far apart
 * between two pods is still accepted. Expiry is transport time, the wall clock, never the
 * business clock a test or CLOCK_OFFSET_DAYS moves.
 */
const CLOCK_SKEW_MS = 5_000;
/** No envelope may claim to live longer than this (bounds what a captured one is worth). */
const LONGEST_LIFETIME_MS = 120_000;

// Ed25519 keys travel as their raw 32 bytes (base64url); DER wraps them for node:crypto.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function privateKeyOf(seed: string, variable: string): KeyObject {
  const raw = Buffer.from(seed.trim(), 'base64url');
  if (raw.length !== 32) throw new ConfigurationError([`${variable} (unusable): must be an Ed25519 private key, 32 bytes base64url`]);
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
}

function publicKeyOf(value: string, variable: string): KeyObject {
  const raw = Buffer.from(value.trim(), 'base64url');
  if (raw.length !== 32) throw new ConfigurationError([`${variable} (unusable): each key must be an Ed25519 public key, 32 bytes base64url`]);
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The raw public key (base64url) of a private key given as its raw seed: what COMMAND_SIGNERS lists. */
export function commandPublicKeyOf(seed: string): string {
  return createPublicKey(privateKeyOf(seed, 'key')).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('base64url');
}

/** A new private key (raw seed, base64url). */
export function newCommandSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('base64url');
}

/** One process's signing key and the public keys of every signer it trusts. */
export interface CommandKeys {
  signer: CommandSignerName;
  privateKey: KeyObject;
  trusted: ReadonlyMap<string, KeyObject>;
}

export interface CommandKeySource {
  NODE_ENV: string;
  /** This process's Ed25519 private key (raw 32 bytes, base64url). */
  COMMAND_SIGNING_KEY?: string;
  /** Every trusted signer's public key: `gateway:<key>,identity:<key>,…`. */
  COMMAND_SIGNERS?: string;
  /** Where development and test processes share generated keys (beside the JWT keys). */
  JWT_KEYS_DIR?: string;
}

/**
 * The keys of `signer`. In production they come from COMMAND_SIGNING_KEY and
 * COMMAND_SIGNERS (each process holds only its own private key). Elsewhere one set for
 * every signer is generated once beside the development JWT keys, so separately started
 * local processes and the tests' clients agree without any set-up.
 */
export function resolveCommandKeys(signer: CommandSignerName, source: CommandKeySource): CommandKeys {
  if (source.COMMAND_SIGNING_KEY || source.NODE_ENV === 'production') {
    const missing = [!source.COMMAND_SIGNING_KEY && 'COMMAND_SIGNING_KEY', !source.COMMAND_SIGNERS && 'COMMAND_SIGNERS'].filter(Boolean);
    if (missing.length > 0) throw new ConfigurationError(missing.map((name) => `${name} (missing): required in production (npm run -s command-keys makes a set)`));
    const trusted = new Map<string, KeyObject>();
    for (const entry of (source.COMMAND_SIGNERS as string).split(',').filter((part) => part.trim())) {
      const [name, key] = entry.split(':');
      if (!(COMMAND_SIGNERS as readonly string[]).includes(name?.trim()) || !key) throw new ConfigurationError([`COMMAND_SIGNERS (unusable): "${entry}" is not <signer>:<public key> with a signer among ${COMMAND_SIGNERS.join(', ')}`]);
      trusted.set(name.trim(), publicKeyOf(key, 'COMMAND_SIGNERS'));
    }
    const privateKey = privateKeyOf(source.COMMAND_SIGNING_KEY as string, 'COMMAND_SIGNING_KEY');
    const own = trusted.get(signer);
    const ownPublic = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    if (!own || !own.export({ format: 'der', type: 'spki' }).equals(ownPublic)) {
      throw new ConfigurationError([`COMMAND_SIGNING_KEY (unusable): its public key is not COMMAND_SIGNERS' key for ${signer}`]);
    }
    return { signer, privateKey, trusted };
  }
  const seeds = developmentKeySet(resolve(source.JWT_KEYS_DIR ?? join(process.cwd(), '.run', 'jwt')));
  const trusted = new Map(COMMAND_SIGNERS.map((name) => [name, createPublicKey(privateKeyOf(seeds[name], 'development key'))] as const));
  return { signer, privateKey: privateKeyOf(seeds[signer], 'development key'), trusted };
}

/** A set written once per directory: created under a temporary name and linked into place, so a concurrent starter reads either none or all of it. */
function developmentKeySet(dir: string): Record<CommandSignerName, string> {
  const path = join(dir, 'command-keys.json');
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(COMMAND_SIGNERS.map((name) => [name, newCommandSigningKey()]))), { mode: 0o600 });
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Record<CommandSignerName, string>;
}

/**
 * What is signed: the signer, the subject, the expiry and the digest of the exact bytes
 * sent, and for a command with an attachment its declared length (so where the bytes begin
 * cannot be moved either).
 */
function signedText(signer: string, subject: string, expiresAt: string, body: Uint8Array, attachment: string): Buffer {
  const digest = createHash('sha256').update(body).digest('base64url');
  const text = `portal-command.v1\n${signer}\n${subject}\n${expiresAt}\n${digest}`;
  return Buffer.from(attachment === '' ? text : `${text}\nattachment ${attachment}`);
}

/** Adds the signature headers for a command's body (with its attachment header, if `onto` has one), valid for `lifetimeMs`. */
export function signCommand(keys: CommandKeys, subject: string, body: Uint8Array, lifetimeMs: number, onto: MsgHdrs = natsHeaders()): MsgHdrs {
  const expiresAt = String(Date.now() + Math.min(lifetimeMs, LONGEST_LIFETIME_MS - CLOCK_SKEW_MS));
  onto.set(SIGNATURE_HEADERS.signer, keys.signer);
  onto.set(SIGNATURE_HEADERS.expiresAt, expiresAt);
  onto.set(SIGNATURE_HEADERS.signature, sign(null, signedText(keys.signer, subject, expiresAt, body, declaredAttachment(onto)), keys.privateKey).toString('base64url'));
  return onto;
}

export type CommandVerdict = { signer: string } | { refusal: CommandRefusal; signer?: string };

/**
 * Checks each command a service receives: signed by a trusted key, for this subject and
 * these exact bytes, not expired, and not seen before (a captured command sent again is
 * refused while it would still be valid; afterwards its expiry refuses it).
 */
export class CommandVerifier {
  private readonly seen = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly trusted: ReadonlyMap<string, KeyObject>) {}

  check(subject: string, body: Uint8Array, headers: MsgHdrs | undefined, now = Date.now()): CommandVerdict {
    const signer = headers?.get(SIGNATURE_HEADERS.signer) ?? '';
    const expiresAt = headers?.get(SIGNATURE_HEADERS.expiresAt) ?? '';
    const signature = headers?.get(SIGNATURE_HEADERS.signature) ?? '';
    if (!signer || !expiresAt || !signature) return { refusal: 'unsigned' };
    const key = this.trusted.get(signer);
    if (!key) return { refusal: 'unknown_signer', signer };
    const expiry = /^\d{13}$/.test(expiresAt) ? Number(expiresAt) : NaN;
    if (!(expiry + CLOCK_SKEW_MS >= now && expiry <= now + LONGEST_LIFETIME_MS)) return { refusal: 'expired', signer };
    let valid = false;
    try {
      valid = verify(null, signedText(signer, subject, expiresAt, body, declaredAttachment(headers)), key, Buffer.from(signature, 'base64url'));
    } catch {
      valid = false;
    }
    if (!valid) return { refusal: 'bad_signature', signer };
    if (this.seen.has(signature)) return { refusal: 'replayed', signer };
    this.remember(signature, expiry + CLOCK_SKEW_MS, now);
    return { signer };
  }

  private remember(signature: string, until: number, now: number): void {
    this.seen.set(signature, until);
    if (now - this.sweptAt < 1_000) return;
    this.sweptAt = now;
    for (const [seen, expiry] of this.seen) if (expiry < now) this.seen.delete(seen);
  }
}
