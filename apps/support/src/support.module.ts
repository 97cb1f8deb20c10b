import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseConnection, databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { SUPPORT_EVENTS_STREAM } from '@portal/contracts';
import { eventEntities, HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { Ticket, TicketMessage } from './tickets/ticket.entity';
import { TicketsModule } from './tickets/tickets.module';
import { supportMigrations } from './migrations';
import { SupportDataExportModule } from './data-export/data-export.controller';
import { DeletedAccountsModule } from './account-deletion/deleted-accounts.module';

export const SUPPORT_SCHEMA = 'support';
export const supportEntities = [...eventEntities, Ticket, TicketMessage];

/**
 * Support tickets and their conversations: customers open and answer their own tickets,
 * admins with the tickets permission answer, move and delete them. Changes go out on
 * SUPPORT_EVENTS through the outbox (the gateway and notification listen). A deleted
 * account's tickets are erased (identity's user-deleted events).
 */
@Module({})
export class SupportModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: SupportModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: SUPPORT_SCHEMA, ...databaseConnection(environment), entities: supportEntities, migrations: supportMigrations }),
        OutboxModule.forStreams(SUPPORT_EVENTS_STREAM),
        PlatformSettingsModule,
        TicketsModule,
        SupportDataExportModule,
        DeletedAccountsModule,
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
