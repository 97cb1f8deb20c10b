import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger owns an investment's life from now on (funding, accrual, maturity); this
 * service keeps the terms fixed at approval, now with the platform fee. Investments
 * approved before this release are announced again with their terms, so the ledger opens
 * them as awaiting funding: they were never funded as investments of their own.
 */
export class InvestmentTermsForTheLedger1796000000000 implements MigrationInterface {
  name = 'InvestmentTermsForTheLedger1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Investments approved before fees were fixed at approval were promised none.
    await queryRunner.query(`ALTER TABLE "applications"."investments" ADD "fee_rate" numeric(6,2) NOT NULL DEFAULT 0, ADD "fee_minor" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "applications"."investments" ALTER "fee_rate" DROP DEFAULT, ALTER "fee_minor" DROP DEFAULT`);
    await queryRunner.query(`UPDATE "applications"."investments" SET "duration_months" = 12 WHERE "duration_months" IS NULL`);
    await queryRunner.query(`ALTER TABLE "applications"."investments" ALTER "duration_months" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "applications"."investments" DROP COLUMN "status", DROP COLUMN "start_date", DROP COLUMN "maturity_date"`);
    const cents = (column: string) => `(${column} / 100)::text || '.' || lpad((${column} % 100)::text, 2, '0')`;
    await queryRunner.query(`
      INSERT INTO "applications"."outbox_events" ("id", "subject", "payload")
      SELECT gen_random_uuid(), 'applications.application.reviewed.v1', jsonb_build_object(
        'applicationId', a.id, 'userId', a.user_id, 'applicationType', a.application_type, 'status', 'approved',
        'note', a.review_note, 'reviewedBy', coalesce(a.reviewed_by, a.user_id),
        'submittedAt', to_char(coalesce(a.submitted_at, a.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'version', a.version, 'investmentId', i.id,
        'terms', jsonb_build_object(
          'amount', ${cents('i.amount_minor')}, 'currency', i.currency, 'durationMonths', i.duration_months,
          'expectedReturnRate', to_char(i.expected_return_rate, 'FM9990.00'), 'expectedReturnAmount', ${cents('i.expected_return_minor')},
          'feeRate', to_char(i.fee_rate, 'FM9990.00'), 'feeAmount', ${cents('i.fee_minor')}))
      FROM "applications"."investments" i JOIN "applications"."applications" a ON a.id = i.application_id
      ORDER BY i.created_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications"."investments" ADD "status" character varying(20) NOT NULL DEFAULT 'active', ADD "start_date" date NOT NULL DEFAULT CURRENT_DATE, ADD "maturity_date" date`);
    await queryRunner.query(`ALTER TABLE "applications"."investments" ALTER "duration_months" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "applications"."investments" DROP COLUMN "fee_rate", DROP COLUMN "fee_minor"`);
  }
}
