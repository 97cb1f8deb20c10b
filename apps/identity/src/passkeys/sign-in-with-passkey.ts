import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthSession, PasskeyAssertionPayload, RequestMeta } from '@portal/contracts';
import { SignInService } from '../sign-in/sign-in.service';
import { User } from '../users/user.entity';
import { passkeyNotRecognised, PasskeyAssertions } from './passkey-assertions';

/**
 * Signs in with a passkey alone, the account named by the passkey itself. The challenge is
 * used up first; then the sign-in limits of the account and address apply as for a password
 * (a refused signature counts as a failed sign-in), and the session, login alert and account
 * rules (suspended, unconfirmed) are the password sign-in's.
 */
@Injectable()
export class SignInWithPasskey {
  constructor(
    private readonly dataSource: DataSource,
    private readonly assertions: PasskeyAssertions,
    private readonly signIn: SignInService,
  ) {}

  async execute(payload: PasskeyAssertionPayload, meta: RequestMeta): Promise<AuthSession> {
    const opened = await this.assertions.open('sign-in', payload.credential, null);
    const user = await this.dataSource.manager.findOneBy(User, { id: opened.passkey.userId });
    // A deleted account's passkeys go with it; one whose row is gone is simply unknown.
    if (!user) throw passkeyNotRecognised();
    return this.signIn.signInWithProof(user, meta, () => this.assertions.verify(opened));
  }
}
