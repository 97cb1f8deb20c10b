import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, PasskeyList } from '@portal/contracts';
import { Passkey } from './passkey.entity';
import { toPasskeySummary } from './passkey-records';

/** The caller's passkeys, oldest first (as they were added). */
@Injectable()
export class ListPasskeys {
  constructor(private readonly dataSource: DataSource) {}

  async execute(actor: Actor): Promise<PasskeyList> {
    const passkeys = await this.dataSource.manager.find(Passkey, { where: { userId: actor.userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { items: passkeys.map(toPasskeySummary) };
  }
}
