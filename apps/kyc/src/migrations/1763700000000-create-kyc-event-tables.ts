import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateKycEventTables1763700000000 implements MigrationInterface {
  name = 'CreateKycEventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'kyc');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventTablesV1(queryRunner, 'kyc');
  }
}
