import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateSupportEventTables1763700000000 implements MigrationInterface {
  name = 'CreateSupportEventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'support');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventTablesV1(queryRunner, 'support');
  }
}
