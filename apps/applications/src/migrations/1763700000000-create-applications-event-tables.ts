import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateApplicationsEventTables1763700000000 implements MigrationInterface {
  name = 'CreateApplicationsEventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'applications');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventTablesV1(queryRunner, 'applications');
  }
}
