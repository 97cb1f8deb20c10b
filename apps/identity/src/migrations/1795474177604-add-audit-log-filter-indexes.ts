import { MigrationInterface, QueryRunner } from 'typeorm';

/** Audit Logs are filtered by the admin who acted and by action, newest first. */
export class AddAuditLogFilterIndexes1795474177604 implements MigrationInterface {
  name = 'AddAuditLogFilterIndexes1795474177604';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_actor_created_at" ON "identity"."audit_logs" ("actor_user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_action_created_at" ON "identity"."audit_logs" ("action_type", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."idx_audit_logs_action_created_at"`);
    await queryRunner.query(`DROP INDEX "identity"."idx_audit_logs_actor_created_at"`);
  }
}
