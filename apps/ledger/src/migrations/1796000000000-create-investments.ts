import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Investments on the ledger (DESIGN.md "Investment lifecycle"): opened from applications'
 * approval event with the terms fixed then, funded by payments that name them, accruing
 * daily while active, paid out at maturity. Each day's accrual of an investment is one row
 * keyed by (investment, business date), so a rerun or a catch-up posts each day once.
 * Payments, returns and fees carry the investment they belong to.
 */
export class CreateInvestments1796000000000 implements MigrationInterface {
  name = 'CreateInvestments1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ledger"."investments" (
        "id" uuid NOT NULL,
        "application_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "investment_type" character varying(20) NOT NULL,
        "currency" character(3) NOT NULL,
        "amount" bigint NOT NULL,
        "funded" bigint NOT NULL DEFAULT 0,
        "pending" bigint NOT NULL DEFAULT 0,
        "duration_months" integer NOT NULL,
        "return_rate" numeric(6,2) NOT NULL,
        "expected_return" bigint NOT NULL,
        "fee_rate" numeric(6,2) NOT NULL,
        "fee" bigint NOT NULL,
        "accrued" bigint NOT NULL DEFAULT 0,
        "accrued_through" date,
        "status" character varying(20) NOT NULL DEFAULT 'awaiting_funding',
        "opened_on" date NOT NULL,
        "funding_deadline" date NOT NULL,
        "start_date" date,
        "maturity_date" date,
        "closed_on" date,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_investments" PRIMARY KEY ("id"),
        CONSTRAINT "ck_investments_status" CHECK ("status" IN ('awaiting_funding', 'active', 'matured', 'cancelled')),
        CONSTRAINT "ck_investments_amount" CHECK ("amount" > 0 AND "expected_return" >= 0 AND "fee" >= 0 AND "fee" < "amount"),
        CONSTRAINT "ck_investments_funding" CHECK ("funded" >= 0 AND "pending" >= 0 AND "funded" + "pending" <= "amount"),
        CONSTRAINT "ck_investments_accrued" CHECK ("accrued" >= 0 AND "accrued" <= "expected_return"),
        CONSTRAINT "ck_investments_dates" CHECK (("status" IN ('active', 'matured')) = ("start_date" IS NOT NULL AND "maturity_date" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_investments_application" ON "ledger"."investments" ("application_id")`);
    await queryRunner.query(`CREATE INDEX "idx_investments_user" ON "ledger"."investments" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_investments_active_maturity" ON "ledger"."investments" ("maturity_date") WHERE "status" = 'active'`);
    await queryRunner.query(`CREATE INDEX "idx_investments_awaiting_deadline" ON "ledger"."investments" ("funding_deadline") WHERE "status" = 'awaiting_funding'`);
    await queryRunner.query(`
      CREATE TABLE "ledger"."investment_accruals" (
        "investment_id" uuid NOT NULL,
        "business_date" date NOT NULL,
        "amount" bigint NOT NULL,
        "transfer_id" uuid NOT NULL,
        CONSTRAINT "pk_investment_accruals" PRIMARY KEY ("investment_id", "business_date"),
        CONSTRAINT "ck_investment_accruals_amount" CHECK ("amount" >= 0),
        CONSTRAINT "fk_investment_accruals_investment" FOREIGN KEY ("investment_id") REFERENCES "ledger"."investments" ("id"),
        CONSTRAINT "fk_investment_accruals_transfer" FOREIGN KEY ("transfer_id") REFERENCES "ledger"."transfers" ("id")
      )`);
    await queryRunner.query(`ALTER TABLE "ledger"."transactions" ADD "investment_id" uuid`);
    await queryRunner.query(`CREATE INDEX "idx_transactions_investment" ON "ledger"."transactions" ("investment_id", "type") WHERE "investment_id" IS NOT NULL`);
    // A matured investment is paid once: one return (and at most one fee) transaction each.
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_transactions_investment_payout" ON "ledger"."transactions" ("investment_id", "type") WHERE "type" IN ('return', 'fee')`);
    // A security deposit may secure one investment: it unlocks when that investment matures.
    await queryRunner.query(`ALTER TABLE "ledger"."security_deposits" ADD "investment_id" uuid`);
    await queryRunner.query(`CREATE INDEX "idx_security_deposits_investment" ON "ledger"."security_deposits" ("investment_id") WHERE "investment_id" IS NOT NULL AND "status" = 'locked'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger"."security_deposits" DROP COLUMN "investment_id"`);
    await queryRunner.query(`DROP INDEX "ledger"."uq_transactions_investment_payout"`);
    await queryRunner.query(`DROP INDEX "ledger"."idx_transactions_investment"`);
    await queryRunner.query(`ALTER TABLE "ledger"."transactions" DROP COLUMN "investment_id"`);
    await queryRunner.query(`DROP TABLE "ledger"."investment_accruals"`);
    await queryRunner.query(`DROP TABLE "ledger"."investments"`);
  }
}
