import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { Clock } from '@portal/config';
import { AuthSession, RequestMeta, RevocationReason, revokedSessionKey } from '@portal/contracts';
import { LOGGER, SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { RedisClient, revocationMarkKey } from '@portal/redis';
import type { Logger } from '@portal/logging';
import { IdentityEnvironment } from '../identity-environment';
import { recordAudit } from '../audit/record-audit';
import { REDIS } from '../redis/redis';
import { SettingsService } from '../settings/settings.service';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';
import { User } from '../users/user.entity';
import { toSessionUser } from '../users/user-records';
import { AccessTokenSigner } from './access-token-signer';
import { lockAccount } from './account-lock';
import { openSuccessor, graceKey, sealSuccessor } from './refresh-grace';
import { RefreshToken } from './refresh-token.entity';
import { recordSignInProof } from './sign-in-proof.entity';

type RefreshOutcome =
  | { kind: 'rotated'; session: AuthSession }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'repeated'; session: AuthSession }
  | { kind: 'suspended' }
  | { kind: 'ended' };

function sessionEnded() {
  return ServiceError.of(401, 'session_ended');
}

function accountSuspended() {
  return ServiceError.of(403, 'account_suspended');
}

/**
 * Sessions: opaque refresh tokens, rotated on every use, with reuse detection; and the
 * access tokens they mint. Revocation is written to the database (the truth for
 * refresh) and to Redis (so the gateway drops the session's unexpired access tokens).
 *
 * Issuing and revoking take turns per account (see lockAccount): a token issued by a
 * refresh or a sign-in never outlives a revocation that committed before it, nor one
 * that was under way while it was issued.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly signer: AccessTokenSigner,
    private readonly settings: SettingsService,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session for someone who has just proved who they are, inside the caller's
   * transaction. The account is locked and read again first: a suspension, deletion or
   * password change that committed since the proof (a password check takes a while) wins,
   * and the access token carries the role as it is now. `provenPasswordHash`: the hash
   * the password was checked against, refused when it is no longer the account's.
   * Every new session starts with a sign-in proof (see SignInProofRecord): a password, a code
   * or a passkey; or the emailed confirmation link of an account whose password was chosen
   * at sign-up, which holds nothing yet that a recent proof protects.
   */
  async startSession(manager: EntityManager, user: User, meta: RequestMeta, { provenPasswordHash }: { provenPasswordHash?: string } = {}): Promise<AuthSession> {
    const account = await lockAccount(manager, user.id);
    if (!account || (provenPasswordHash !== undefined && account.passwordHash !== provenPasswordHash)) {
      throw ServiceError.of(401, 'invalid_credentials');
    }
    if (account.userStatus === 'suspended') throw accountSuspended();
    const sessionId = randomUUID();
    const refreshToken = await this.issueRefreshToken(manager, account.id, sessionId, meta, new Date());
    await recordSignInProof(manager, account.id, sessionId, this.clock.now());
    return this.authSession(account, sessionId, refreshToken);
  }

  async refreshSession(refreshToken: string | undefined, meta: RequestMeta): Promise<AuthSession> {
    if (!refreshToken) throw sessionEnded();
    const tokenHash = hashOpaqueToken(refreshToken);
    // Only to learn whose account to lock; everything decided on is read again under the lock.
    const presented = await this.dataSource.manager.findOne(RefreshToken, { where: { tokenHash }, select: { id: true, userId: true } });
    if (!presented) throw sessionEnded();
    const outcome = await this.dataSource.transaction(async (manager): Promise<RefreshOutcome> => {
      // The account lock comes first, as in every revocation (the same order: no deadlock).
      // It serialises this refresh with them and with the account's other refreshes: one
      // that waited sees the revoked token, the suspended or deleted account, or the token
      // already rotated (a repeat); one that got in first has committed its successor
      // before a revocation looks for the account's sessions, which then ends it too.
      const user = await lockAccount(manager, presented.userId);
      if (!user) return { kind: 'ended' };
      const current = await manager.createQueryBuilder(RefreshToken, 'token').setLock('pessimistic_write').where('token.tokenHash = :tokenHash', { tokenHash }).getOne();
      if (!current || current.userId !== user.id) return { kind: 'ended' };
      if (current.rotatedAt && !current.revokedAt && Date.now() - current.rotatedAt.getTime() <= this.environment.REFRESH_REUSE_GRACE_SECONDS * 1000) {
        // The same token again within seconds of its rotation: the same answer, not theft.
        const successor = await this.successorOf(tokenHash, refreshToken);
        if (successor) return { kind: 'repeated', session: successor };
        return { kind: 'ended' };
      }
      // A session's newest token, revoked with it (sign-out, password reset, suspension ...):
      // never used, so presenting it tells of no theft, and the reason the gateway was given
      // stays. Once reuse has ended the session, each presentation is on record as reuse.
      if (current.revokedAt && !current.rotatedAt && !current.revokedForReuse) return { kind: 'ended' };
      if (current.rotatedAt || current.revokedAt) {
        // Someone holds a token that was already used: a thief or the victim. End the session for both.
        await this.revokeFamilies(manager, [current.sessionId], { forReuse: true });
        await recordAudit(manager, {
          category: 'security_event',
          actionType: 'refresh_token_reused',
          actor: null,
          targetType: 'user',
          targetId: current.userId,
          description: 'A refresh token was presented again after it had been used; the session was ended',
          metadata: { sessionId: current.sessionId, userAgent: meta.userAgent, requestId: meta.requestId },
          clientIp: meta.clientIp ?? null,
        });
        return { kind: 'reused', sessionId: current.sessionId };
      }
      if (current.expiresAt.getTime() <= Date.now()) return { kind: 'ended' };
      if (await this.outlivedSecurityLimits(manager, current)) {
        await this.revokeFamilies(manager, [current.sessionId]);
        return { kind: 'ended' };
      }
      if (user.userStatus === 'suspended') return { kind: 'suspended' };
      await manager.update(RefreshToken, { id: current.id }, { rotatedAt: new Date() });
      const next = await this.issueRefreshToken(manager, user.id, current.sessionId, meta, current.sessionStartedAt);
      const session = this.authSession(user, current.sessionId, next);
      // Kept before commit: a repeat waiting on the row lock must find it when the lock is released.
      await this.keepSuccessor(tokenHash, refreshToken, session);
      return { kind: 'rotated', session };
    });
    switch (outcome.kind) {
      case 'rotated':
      case 'repeated':
        return outcome.session;
      case 'reused':
        this.logger.warn({ sessionId: outcome.sessionId, clientIp: meta.clientIp }, 'refresh token reused; session revoked');
        await this.markRevoked([outcome.sessionId], 'refresh_token_reused');
        throw sessionEnded();
      case 'suspended':
        throw accountSuspended();
      default:
        throw sessionEnded();
    }
  }

  /** Ends the token's session. Idempotent, and silent about tokens it does not know. */
  async signOut(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const token = await this.dataSource.manager.findOne(RefreshToken, { where: { tokenHash: hashOpaqueToken(refreshToken) }, select: { id: true, sessionId: true, userId: true } });
    if (!token) return;
    await this.dataSource.transaction(async (manager) => {
      // Under the account lock: a refresh of this session under way commits its successor
      // first, and the revocation below (a new statement) sees and ends it too.
      await lockAccount(manager, token.userId);
      await this.revokeFamilies(manager, [token.sessionId]);
    });
    await this.markRevoked([token.sessionId]);
  }

  /** Signing out with only the access token: its session (of this user only) ends, and its access token is marked revoked at once. */
  async signOutSession(userId: string, sessionId: string): Promise<void> {
    const revoked = await this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, userId);
      const owned = await manager.exists(RefreshToken, { where: { userId, sessionId } });
      if (owned) await this.revokeFamilies(manager, [sessionId]);
      return owned;
    });
    if (revoked) await this.markRevoked([sessionId]);
  }

  /**
   * Revokes every session of a user inside the caller's transaction and returns their
   * ids; the caller passes them to markRevoked once the transaction has committed.
   *
   * The account stays locked until the caller's transaction ends (callers lock it first
   * anyway, to decide): no refresh or sign-in of the account is under way while the
   * sessions are collected, and none issues a token before this transaction has ended.
   */
  async revokeAllSessions(manager: EntityManager, userId: string, exceptSessionId?: string): Promise<string[]> {
    await lockAccount(manager, userId);
    // Each live session has exactly one head: its newest token, neither rotated nor revoked.
    const heads = await manager.find(RefreshToken, {
      where: { userId, revokedAt: IsNull(), rotatedAt: IsNull(), ...(exceptSessionId ? { sessionId: Not(exceptSessionId) } : {}) },
      select: { id: true, sessionId: true },
    });
    const sessionIds = heads.map((token) => token.sessionId);
    await this.revokeFamilies(manager, sessionIds);
    return sessionIds;
  }

  /**
   * Tells the gateway to refuse these sessions' access tokens until they would have
   * expired anyway. Best effort: the database revocation already stops refreshes, so a
   * Redis outage is logged rather than undoing a committed sign-out or password reset.
   */
  async markRevoked(sessionIds: string[], reason: RevocationReason = 'signed_out'): Promise<void> {
    if (sessionIds.length === 0) return;
    const ttl = this.environment.ACCESS_TOKEN_TTL_SECONDS;
    // The reason is the mark, so the gateway can say why (suspended, deleted ...). One SET
    // per key (not one pipeline over all): the keys sit in different Redis Cluster slots.
    // The old name (revokedSessionKey) is written too for one release, while gateways still
    // read it; drop it one access-token lifetime after this release's deploy (see the
    // gateway's SessionRevocations).
    const writes = sessionIds.flatMap((sessionId) => [revocationMarkKey(sessionId), revokedSessionKey(sessionId)].map((key) => this.redis.set(key, reason, 'EX', ttl)));
    try {
      const failed = (await Promise.allSettled(writes)).find((write): write is PromiseRejectedResult => write.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (error) {
      this.logger.error({ err: String(error), sessionIds }, 'could not mark revoked sessions in redis; their access tokens stay valid until they expire');
    }
  }

  private async keepSuccessor(tokenHash: string, refreshToken: string, session: AuthSession): Promise<void> {
    const { key, sealed } = sealSuccessor(tokenHash, refreshToken, session);
    try {
      await this.redis.set(key, sealed, 'EX', this.environment.REFRESH_REUSE_GRACE_SECONDS);
    } catch (error) {
      // Without it a repeat within the grace period is refused (401), never taken for theft.
      this.logger.warn({ err: String(error) }, 'could not keep a rotated session for the refresh grace period');
    }
  }

  private async successorOf(tokenHash: string, refreshToken: string): Promise<AuthSession | null> {
    try {
      const sealed = await this.redis.get(graceKey(tokenHash));
      return sealed ? openSuccessor(refreshToken, sealed) : null;
    } catch {
      return null;
    }
  }

  private async revokeFamilies(manager: EntityManager, sessionIds: string[], { forReuse = false } = {}): Promise<void> {
    if (sessionIds.length === 0) return;
    await manager.update(RefreshToken, { sessionId: In(sessionIds), revokedAt: IsNull() }, { revokedAt: new Date(), ...(forReuse ? { revokedForReuse: true } : {}) });
  }

  /**
   * The `security` setting's limits, read at each refresh so a change applies at once: a
   * session unused for sessionIdleMinutes (its newest token is that old), or begun more
   * than sessionAbsoluteHours ago, cannot be renewed.
   */
  private async outlivedSecurityLimits(manager: EntityManager, current: RefreshToken): Promise<boolean> {
    const { sessionIdleMinutes, sessionAbsoluteHours } = await this.settings.security(manager);
    const now = Date.now();
    if (now - current.createdAt.getTime() > sessionIdleMinutes * 60_000) return true;
    return now - current.sessionStartedAt.getTime() > sessionAbsoluteHours * 3_600_000;
  }

  private async issueRefreshToken(manager: EntityManager, userId: string, sessionId: string, meta: RequestMeta, sessionStartedAt: Date): Promise<string> {
    const { token, tokenHash } = newOpaqueToken();
    await manager.insert(RefreshToken, {
      id: randomUUID(),
      sessionId,
      userId,
      tokenHash,
      expiresAt: new Date(Date.now() + this.environment.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      sessionStartedAt,
      clientIp: meta.clientIp?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return token;
  }

  private authSession(user: User, sessionId: string, refreshToken: string): AuthSession {
    return { ...this.signer.sign(user, sessionId, this.clock.now()), refreshToken, user: toSessionUser(user) };
  }
}
