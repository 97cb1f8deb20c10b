import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateLedgerEventTables1763700000000 implements MigrationInterface {
  name = 'CreateLedgerEventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'ledger');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventTablesV1(queryRunner, 'ledger');
  }
}
