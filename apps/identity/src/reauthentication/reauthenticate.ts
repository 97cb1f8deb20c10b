import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, ReauthenticatePayload, RequestMeta, UserMessageCode } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { CurrentPasswordCheck } from '../account-security/current-password-check';
import { TwoFactorCodeLimit } from '../account-security/two-factor-code-limit';
import { TwoFactorService } from '../account-security/two-factor.service';
import { ProveWithPasskey } from '../passkeys/prove-with-passkey';
import { recordSignInProof } from '../sessions/sign-in-proof.entity';
import { User } from '../users/user.entity';

const refuse = (code: UserMessageCode) => ServiceError.of(400, code);

/**
 * The signed-in person confirms it is them (password, authenticator or recovery code, or a
 * passkey) and their session's sign-in proof is renewed, so an action that needs a recent
 * one goes through for the next REAUTHENTICATION_WINDOW_MINUTES. Wrong answers are 400
 * (never 401, which a client reads as a session that ended), counted against the same
 * per-account limits as the password and code checks of the Security tab, and audited.
 */
@Injectable()
export class Reauthenticate {
  constructor(
    private readonly dataSource: DataSource,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly twoFactor: TwoFactorService,
    private readonly codeLimit: TwoFactorCodeLimit,
    private readonly passkeys: ProveWithPasskey,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, payload: ReauthenticatePayload, meta: RequestMeta): Promise<void> {
    const proofs = [payload.password, payload.code, payload.passkey].filter((proof) => proof !== undefined);
    if (proofs.length !== 1) throw refuse('reauthentication_proof_required');
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.of(401, 'session_ended');

    if (payload.password !== undefined) await this.provePassword(user, payload.password, meta);
    else if (payload.code !== undefined) await this.proveCode(user, payload.code, meta);
    else if (payload.passkey !== undefined) await this.passkeys.verify(user.id, payload.passkey);

    await recordSignInProof(this.dataSource.manager, user.id, actor.sessionId, this.clock.now());
  }

  private async provePassword(user: User, password: string, meta: RequestMeta): Promise<void> {
    const refusal = { actionType: 'reauthentication_failed', description: 'A confirmation of identity was refused: wrong password' };
    if (!(await this.currentPassword.matches(user, password, meta, refusal))) {
      throw refuse('reauthentication_wrong_password');
    }
  }

  private async proveCode(user: User, code: string, meta: RequestMeta): Promise<void> {
    if (!(await this.twoFactor.isEnabled(this.dataSource.manager, user.id))) {
      throw refuse('reauthentication_two_factor_off');
    }
    await this.codeLimit.count(user.id);
    const accepted = await this.dataSource.transaction((manager) => this.twoFactor.verify(manager, user, code));
    if (!accepted) {
      await this.twoFactor.auditFailedCode(this.dataSource.manager, user, 'reauthentication', meta);
      throw refuse('reauthentication_wrong_code');
    }
    await this.codeLimit.release(user.id);
  }
}
