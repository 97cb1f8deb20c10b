import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV2, dropEventTablesV2 } from '@portal/messaging';

/** Outbox events go out in the order they were written, also within one transaction (see createEventTablesV2). */
export class OrderLedgerOutboxEvents1795700000000 implements MigrationInterface {
  name = 'OrderLedgerOutboxEvents1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV2(queryRunner, 'ledger');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventTablesV2(queryRunner, 'ledger');
  }
}
