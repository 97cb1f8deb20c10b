import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateApplicationsAndInvestments1764000000620 implements MigrationInterface {
  name = 'CreateApplicationsAndInvestments1764000000620';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "applications"."applications" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "application_type" character varying(20) NOT NULL, "status" character varying(20) NOT NULL, "full_name" character varying(1000), "email" character varying(1000), "phone" character varying(1000), "investment_amount_minor" bigint, "currency" character varying(3) NOT NULL DEFAULT 'USD', "investment_duration" integer, "investment_category" character varying(1000), "company_name" character varying(1000), "company_registration" character varying(1000), "application_data" jsonb NOT NULL DEFAULT '{}', "documents" jsonb NOT NULL DEFAULT '[]', "review_note" character varying(1000), "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "submitted_at" TIMESTAMP WITH TIME ZONE, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_applications" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_applications_status" ON "applications"."applications" ("status", "submitted_at") `);
    await queryRunner.query(`CREATE INDEX "idx_applications_user" ON "applications"."applications" ("user_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "applications"."investments" ("id" uuid NOT NULL, "application_id" uuid NOT NULL, "user_id" uuid NOT NULL, "investment_type" character varying(20) NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying(3) NOT NULL, "status" character varying(20) NOT NULL, "start_date" date NOT NULL, "maturity_date" date, "duration_months" integer, "expected_return_rate" numeric(6,2) NOT NULL, "expected_return_minor" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_investments" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_investments_user" ON "applications"."investments" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_investments_application" ON "applications"."investments" ("application_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "applications"."investments"`);
    await queryRunner.query(`DROP TABLE "applications"."applications"`);
  }
}
