import { MigrationInterface, QueryRunner } from 'typeorm';

/** Four-eyes: each admin's approval of a withdrawal above financial_limits.fourEyesThreshold. */
export class CreateWithdrawalApprovals1795474900000 implements MigrationInterface {
  name = 'CreateWithdrawalApprovals1795474900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ledger"."withdrawal_approvals" ("transaction_id" uuid NOT NULL, "admin_id" uuid NOT NULL, "approved_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_withdrawal_approvals" PRIMARY KEY ("transaction_id", "admin_id"), CONSTRAINT "fk_withdrawal_approvals_transaction" FOREIGN KEY ("transaction_id") REFERENCES "ledger"."transactions"("id") ON DELETE CASCADE)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ledger"."withdrawal_approvals"`);
  }
}
