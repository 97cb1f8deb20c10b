import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { IdentityEvents, RequestMeta, SecurityAlertEvent, SecurityAlertKind, TwoFactorEnrolment } from '@portal/contracts';
import { addToOutbox, fieldRefusal, SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { IdentityEnvironment } from '../identity-environment';
import { User } from '../users/user.entity';
import { RecoveryCode, UserSecurity } from './account-security.entities';
import {
  acceptedTotpStep,
  DEVELOPMENT_TWO_FACTOR_KEY,
  hashRecoveryCode,
  isTotpFormat,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  SecretBox,
} from './two-factor-codes';

/** How long a secret handed out for enrolment may be confirmed. */
const ENROLMENT_TTL_MS = 15 * 60_000;

export type CodeKind = 'totp' | 'recovery';

export const invalidCode = () => ServiceError.of(400, 'invalid_two_factor_code', { details: [fieldRefusal('code', 'invalid_two_factor_code')] });

/**
 * Authenticator-app two-factor (TOTP, RFC 6238): secrets encrypted at rest, codes accepted
 * once each, single-use recovery codes stored hashed. Every method works inside the
 * caller's transaction, on the user's security row locked for update; callers that write
 * lock the account first (lockAccount), the order in which a deletion removes these rows.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(@Inject(SERVICE_ENVIRONMENT) environment: IdentityEnvironment) {
    this.box = new SecretBox(environment.TWO_FACTOR_ENCRYPTION_KEY ?? DEVELOPMENT_TWO_FACTOR_KEY);
  }

  /** The user's security row, created with the defaults when missing, locked until the transaction ends. */
  async lockedRow(manager: EntityManager, userId: string): Promise<UserSecurity> {
    await manager.createQueryBuilder().insert().into(UserSecurity).values({ userId }).orIgnore().execute();
    const row = await manager.findOne(UserSecurity, { where: { userId }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw ServiceError.of(404, 'account_deleted');
    return row;
  }

  async isEnabled(manager: EntityManager, userId: string): Promise<boolean> {
    const row = await manager.findOne(UserSecurity, { where: { userId }, select: { userId: true, totpEnabledAt: true } });
    return Boolean(row?.totpEnabledAt);
  }

  /** A new secret to confirm with a code; replaces any earlier unconfirmed one. */
  async startEnrolment(manager: EntityManager, user: User): Promise<TwoFactorEnrolment> {
    const row = await this.lockedRow(manager, user.id);
    if (row.totpEnabledAt) throw ServiceError.of(409, 'two_factor_already_enabled');
    const secret = newTotpSecret();
    await manager.update(UserSecurity, { userId: user.id }, { totpPendingSecret: this.box.seal(secret), totpPendingCreatedAt: new Date() });
    return { secret, otpauthUri: otpauthUri(secret, user.email) };
  }

  /**
   * Confirms the pending secret with a code from it: two-factor is on, and new recovery
   * codes (returned, shown once) replace any earlier ones. A wrong code changes nothing.
   */
  async confirmEnrolment(manager: EntityManager, user: User, code: string, meta: RequestMeta): Promise<string[]> {
    const row = await this.lockedRow(manager, user.id);
    if (row.totpEnabledAt) throw ServiceError.of(409, 'two_factor_already_enabled');
    if (!row.totpPendingSecret || !row.totpPendingCreatedAt || Date.now() - row.totpPendingCreatedAt.getTime() > ENROLMENT_TTL_MS) {
      throw ServiceError.of(409, 'two_factor_no_enrolment');
    }
    const step = acceptedTotpStep(this.box.open(row.totpPendingSecret), code, null);
    if (step === null) throw invalidCode();
    await manager.update(UserSecurity, { userId: user.id }, { totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpPendingCreatedAt: null, totpEnabledAt: new Date(), totpLastStep: step });
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    await manager.delete(RecoveryCode, { userId: user.id });
    await manager.insert(
      RecoveryCode,
      recoveryCodes.map((recoveryCode) => ({ id: randomUUID(), userId: user.id, codeHash: hashRecoveryCode(recoveryCode) })),
    );
    await this.announce(manager, user, 'two_factor_enabled', meta);
    await this.audit(manager, user, 'two_factor_enabled', 'Two-factor sign-in was turned on', meta);
    return recoveryCodes;
  }

  /**
   * Checks a code of an enabled account: an authenticator code not used before, or an
   * unused recovery code (then used up). Null when neither; the caller refuses and audits.
   */
  async verify(manager: EntityManager, user: User, code: string): Promise<CodeKind | null> {
    const row = await this.lockedRow(manager, user.id);
    if (!row.totpSecret || !row.totpEnabledAt) return null;
    if (isTotpFormat(code)) {
      const step = acceptedTotpStep(this.box.open(row.totpSecret), code, row.totpLastStep);
      if (step === null) return null;
      await manager.update(UserSecurity, { userId: user.id }, { totpLastStep: step });
      return 'totp';
    }
    const used = await manager.update(RecoveryCode, { userId: user.id, codeHash: hashRecoveryCode(code), usedAt: IsNull() }, { usedAt: new Date() });
    return used.affected ? 'recovery' : null;
  }

  async disable(manager: EntityManager, user: User, meta: RequestMeta): Promise<void> {
    await manager.update(UserSecurity, { userId: user.id }, { totpSecret: null, totpPendingSecret: null, totpPendingCreatedAt: null, totpEnabledAt: null, totpLastStep: null });
    await manager.delete(RecoveryCode, { userId: user.id });
    await this.announce(manager, user, 'two_factor_disabled', meta);
    await this.audit(manager, user, 'two_factor_disabled', 'Two-factor sign-in was turned off', meta);
  }

  /** A refused code, in the security trail (the caller's transaction may roll back, so it writes its own). */
  async auditFailedCode(manager: EntityManager, user: User, context: 'sign_in' | 'enrolment' | 'disable' | 'reauthentication', meta: RequestMeta): Promise<void> {
    await this.audit(manager, user, 'two_factor_code_failed', `A wrong two-factor code was given (${context.replace('_', '-')})`, meta, { context });
  }

  async announce(manager: EntityManager, user: User, kind: SecurityAlertKind, meta: RequestMeta, links: Pick<SecurityAlertEvent, 'endSessionUrl'> = {}): Promise<void> {
    const alert: SecurityAlertEvent = { userId: user.id, email: user.email, firstName: user.firstName, kind, clientIp: meta.clientIp ?? null, userAgent: meta.userAgent?.slice(0, 300) ?? null, ...links };
    await addToOutbox(manager, IdentityEvents.securityAlert, alert);
  }

  async audit(manager: EntityManager, user: User, actionType: string, description: string, meta: RequestMeta, details: Record<string, unknown> = {}): Promise<void> {
    await recordAudit(manager, {
      category: 'security_event',
      actionType,
      actor: meta.actor ? { userId: user.id, email: user.email } : null,
      targetType: 'user',
      targetId: user.id,
      description,
      metadata: { userAgent: meta.userAgent, requestId: meta.requestId, ...details },
      clientIp: meta.clientIp ?? null,
    });
  }
}
