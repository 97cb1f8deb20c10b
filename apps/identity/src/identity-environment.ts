import { IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { IsIntInRange, ServiceEnvironment } from '@portal/config';

/**
 * Identity's configuration on top of what every service reads; validated at start.
 * Numbers carry an explicit type: the conversion from environment strings reads it.
 */
export class IdentityEnvironment extends ServiceEnvironment {
  /** Lifetime of an access token; also how long a revoked session stays marked in Redis. */
  @IsIntInRange(60, 3_600)
  ACCESS_TOKEN_TTL_SECONDS: number = 900;

  /** Idle lifetime of a refresh token: each rotation starts a new period. */
  @IsIntInRange(1, 90)
  REFRESH_TOKEN_TTL_DAYS: number = 14;

  /** Seconds after a rotation in which the same refresh token again gets the same new pair, rather than counting as reuse. */
  @IsIntInRange(0, 60)
  REFRESH_REUSE_GRACE_SECONDS: number = 10;

  /** PEM key pair signing access tokens; required in production, generated locally otherwise. */
  @IsOptional()
  @IsString()
  JWT_PRIVATE_KEY?: string;

  @IsOptional()
  @IsString()
  JWT_PUBLIC_KEY?: string;

  /** Failed sign-ins allowed per account from one client address within the window, before that address is refused for it. */
  @IsIntInRange(1, 1_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 5;

  /** Failed sign-ins allowed per client address within the window (several people may share one). */
  @IsIntInRange(1, 100_000)
  LOGIN_MAX_FAILURES_PER_ADDRESS: number = 20;

  /** Failed sign-ins of one account from all addresses together, before addresses that never signed in to it are refused. */
  @IsIntInRange(1, 100_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: number = 50;

  @IsIntInRange(10, 86_400)
  LOGIN_FAILURE_WINDOW_SECONDS: number = 900;

  /**
   * argon2 computations (sign-in, sign-up, password changes) run at once in this process;
   * more wait their turn. Each takes one core; see users/passwords.ts, which reads it.
   */
  @IsIntInRange(1, 64)
  PASSWORD_HASHING_CONCURRENCY: number = 1;

  /**
   * How much lower than identity its password-hashing helper process runs (nice, 0-19):
   * under a burst of sign-ins the other requests keep their speed and the hashing takes
   * the CPU they leave. See users/password-hasher.ts, which reads it.
   */
  @IsIntInRange(0, 19)
  PASSWORD_HASHING_NICE: number = 10;

  /**
   * How long the gateway waits for a command that checks or sets a password (the same
   * variable the gateway reads): a hash queued longer than this is skipped, as its caller
   * has given up. See users/passwords.ts, which reads it.
   */
  @IsIntInRange(1000)
  PASSWORD_CHECK_WAIT_MS: number = 30_000;

  /**
   * Encrypts authenticator (TOTP) secrets at rest (AES-256-GCM, key derived with SHA-256).
   * Required in production, at least 32 characters; development and tests use a fixed
   * development key when it is not set. Changing it makes enrolled secrets unreadable.
   */
  @ValidateIf((environment: IdentityEnvironment) => environment.NODE_ENV === 'production' || environment.TWO_FACTOR_ENCRYPTION_KEY !== undefined)
  @IsString({ message: 'TWO_FACTOR_ENCRYPTION_KEY is required in production' })
  @MinLength(32, { message: 'TWO_FACTOR_ENCRYPTION_KEY must be at least 32 characters' })
  TWO_FACTOR_ENCRYPTION_KEY?: string;

  /**
   * The passkeys' relying party id: the host name passkeys are bound to (a registrable
   * domain, or localhost). Unset: WEB_URL's host name. A passkey made for one id never
   * works for another, so it must not change once people have registered passkeys.
   */
  @IsOptional()
  @Matches(/^(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/i, { message: 'must be a host name (no scheme, no port)' })
  PASSKEY_RP_ID?: string;

  /** The web origins passkey ceremonies may come from, comma separated. Unset: WEB_URL's origin. */
  @IsOptional()
  @Matches(/^https?:\/\/[^,\s/]+(,https?:\/\/[^,\s/]+)*$/, { message: 'must be http(s) origins, comma separated' })
  PASSKEY_ORIGINS?: string;

  /** The name an authenticator shows for the relying party when it saves a passkey. */
  @IsString()
  PASSKEY_RP_NAME: string = 'Investment Portal';
}
