import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigurationError } from './load-environment';

export interface JwtKeyPair {
  privateKey?: string;
  publicKey: string;
}

/** Environment PEM values may carry escaped newlines (one-line secrets). */
function pem(value: string | undefined): string | undefined {
  return value ? value.replace(/\\n/g, '\n') : undefined;
}

/**
 * Access tokens are signed by identity (private key) and verified by the gateway
 * (public key). In production both come from JWT_PRIVATE_KEY / JWT_PUBLIC_KEY. In
 * development and tests, a key pair is generated once into a directory shared by all
 * local processes, so separately started services agree without any set-up.
 */
export function resolveJwtKeys(options: {
  nodeEnv: string;
  needPrivateKey: boolean;
  env?: NodeJS.ProcessEnv;
  keysDir?: string;
}): JwtKeyPair {
  const env = options.env ?? process.env;
  const privateKey = pem(env.JWT_PRIVATE_KEY);
  const publicKey = pem(env.JWT_PUBLIC_KEY);
  if (publicKey && (privateKey || !options.needPrivateKey)) return usableKeys({ privateKey, publicKey });
  if (options.nodeEnv === 'production') {
    const missing = [options.needPrivateKey && !privateKey ? 'JWT_PRIVATE_KEY' : null, !publicKey ? 'JWT_PUBLIC_KEY' : null]
      .filter(Boolean)
      .join(', ');
    throw new ConfigurationError([`${missing} (missing): required in production (PEM, RS256 key pair)`]);
  }
  const dir = resolve(options.keysDir ?? env.JWT_KEYS_DIR ?? join(process.cwd(), '.run', 'jwt'));
  const privatePath = join(dir, 'private.pem');
  const publicPath = join(dir, 'public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Write both under temporary names and rename: a concurrent starter sees either no
    // pair or a complete one. If two race, the last rename wins for both files together
    // only when they finish in order, so the public key is renamed last and re-read.
    const suffix = `${process.pid}.${Date.now()}`;
    writeFileSync(`${privatePath}.${suffix}`, pair.privateKey, { mode: 0o600 });
    writeFileSync(`${publicPath}.${suffix}`, pair.publicKey);
    if (!existsSync(privatePath)) {
      renameSync(`${privatePath}.${suffix}`, privatePath);
      renameSync(`${publicPath}.${suffix}`, publicPath);
    }
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

/**
 * A process with an unusable key would start, report ready and then refuse (gateway) or
 * fail to issue (identity) every token: refuse to start instead, naming the variable.
 */
function usableKeys(pair: JwtKeyPair): JwtKeyPair {
  let publicKey;
  try {
    publicKey = createPublicKey(pair.publicKey);
  } catch {
    throw new ConfigurationError(['JWT_PUBLIC_KEY (unusable): not a PEM public key']);
  }
  if (publicKey.asymmetricKeyType !== 'rsa' || (publicKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new ConfigurationError(['JWT_PUBLIC_KEY (unusable): must be an RSA key of at least 2048 bits (RS256)']);
  }
  if (pair.privateKey) {
    let privateKey;
    try {
      privateKey = createPrivateKey(pair.privateKey);
    } catch {
      throw new ConfigurationError(['JWT_PRIVATE_KEY (unusable): not a PEM private key']);
    }
    const probe = Buffer.from('key-pair-check');
    if (!verify('sha256', probe, publicKey, sign('sha256', probe, privateKey))) {
      throw new ConfigurationError(['JWT_PRIVATE_KEY (unusable): does not match JWT_PUBLIC_KEY']);
    }
  }
  return pair;
}
