import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, RequestMeta } from '@portal/contracts';
import { Passkey } from './passkey.entity';
import { auditPasskeyChange, callerAccount, passkeyNotFound } from './passkey-records';

/** Removes one of the caller's passkeys: it signs in no more. Audited. */
@Injectable()
export class RemovePasskey {
  constructor(private readonly dataSource: DataSource) {}

  async execute(actor: Actor, passkeyId: string, meta: RequestMeta): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await callerAccount(manager, actor);
      const passkey = await manager.findOneBy(Passkey, { id: passkeyId, userId: user.id });
      if (!passkey) throw passkeyNotFound();
      await manager.delete(Passkey, { id: passkey.id });
      await auditPasskeyChange(manager, user, 'passkey_removed', passkey, meta);
    });
  }
}
