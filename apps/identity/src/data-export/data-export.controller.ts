import { Controller, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';

/** Download My Data: the caller's account record, preferences and security choices, without credentials or secrets. */
@Controller()
export class IdentityDataExportController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(DataExportCommands.identity)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const [profile] = await personalRows(this.dataSource, `SELECT * FROM identity.users WHERE id = $1`, [actor.userId]);
    const [preferences] = await personalRows(this.dataSource, `SELECT * FROM identity.user_preferences WHERE user_id = $1`, [actor.userId]);
    // The choices only: the authenticator secret and recovery codes never leave identity.
    const [security] = await personalRows(
      this.dataSource,
      `SELECT totp_enabled_at IS NOT NULL AS two_factor_enabled, login_alerts, biometric_login FROM identity.user_security WHERE user_id = $1`,
      [actor.userId],
    );
    return { service: 'identity', data: { profile: profile ?? null, preferences: preferences ?? null, security: security ?? null } };
  }
}

@Module({ controllers: [IdentityDataExportController] })
export class IdentityDataExportModule {}
