import { MigrationInterface, QueryRunner } from 'typeorm';

/** Email deliveries are deleted by age (NotificationRetention), found by this index. */
export class AddEmailDeliverySentAtIndex1795800000000 implements MigrationInterface {
  name = 'AddEmailDeliverySentAtIndex1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_email_deliveries_sent_at" ON "notification"."email_deliveries" ("sent_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "notification"."idx_email_deliveries_sent_at"`);
  }
}
