import { Controller, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';

/** Download My Data: the caller's investment applications and investments. */
@Controller()
export class ApplicationsDataExportController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(DataExportCommands.applications)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const [applications, investments] = await Promise.all([
      personalRows(this.dataSource, `SELECT * FROM applications.applications WHERE user_id = $1 ORDER BY created_at DESC`, [actor.userId]),
      personalRows(this.dataSource, `SELECT * FROM applications.investments WHERE user_id = $1 ORDER BY created_at DESC`, [actor.userId]),
    ]);
    return { service: 'applications', data: { applications, investments } };
  }
}

@Module({ controllers: [ApplicationsDataExportController] })
export class ApplicationsDataExportModule {}
