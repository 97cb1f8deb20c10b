import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, PasskeySummary, RenamePasskeyPayload } from '@portal/contracts';
import { Passkey } from './passkey.entity';
import { passkeyNotFound, toPasskeySummary } from './passkey-records';

/** Renames one of the caller's passkeys; another person's is "not found", as if it did not exist. */
@Injectable()
export class RenamePasskey {
  constructor(private readonly dataSource: DataSource) {}

  async execute(actor: Actor, payload: RenamePasskeyPayload): Promise<PasskeySummary> {
    const { affected } = await this.dataSource.manager.update(Passkey, { id: payload.passkeyId, userId: actor.userId }, { name: payload.name });
    if (affected !== 1) throw passkeyNotFound();
    const passkey = await this.dataSource.manager.findOneBy(Passkey, { id: payload.passkeyId, userId: actor.userId });
    if (!passkey) throw passkeyNotFound();
    return toPasskeySummary(passkey);
  }
}
