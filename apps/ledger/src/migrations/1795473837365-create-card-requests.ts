import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Investment card requests and every status each went through (the timeline the customer
 * sees). The workflow's legal states are checked here as well as in the service.
 */
export class CreateCardRequests1795473837365 implements MigrationInterface {
  name = 'CreateCardRequests1795473837365';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ledger"."card_requests" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "card_type" character varying(10) NOT NULL,
        "status" character varying(10) NOT NULL,
        "card_name" character varying(100) NOT NULL,
        "reason" character varying(500) NOT NULL,
        "delivery_address" character varying(500),
        "estimated_delivery" TIMESTAMP WITH TIME ZONE,
        "tracking_number" character varying(100),
        "rejection_reason" character varying(1000),
        "decided_by" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_card_requests" PRIMARY KEY ("id"),
        CONSTRAINT "ck_card_requests_type" CHECK ("card_type" IN ('physical', 'virtual')),
        CONSTRAINT "ck_card_requests_status" CHECK ("status" IN ('pending', 'approved', 'rejected', 'delivered', 'cancelled')),
        CONSTRAINT "ck_card_requests_address" CHECK ("card_type" = 'virtual' OR "delivery_address" IS NOT NULL),
        CONSTRAINT "ck_card_requests_delivered" CHECK ("status" <> 'delivered' OR ("card_type" = 'physical' AND "tracking_number" IS NOT NULL)),
        CONSTRAINT "ck_card_requests_rejected" CHECK ("status" <> 'rejected' OR "rejection_reason" IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_card_requests_user" ON "ledger"."card_requests" ("user_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_card_requests_created" ON "ledger"."card_requests" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_card_requests_status" ON "ledger"."card_requests" ("status", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "ledger"."card_request_history" (
        "id" bigserial NOT NULL,
        "card_request_id" uuid NOT NULL,
        "status" character varying(10) NOT NULL,
        "note" character varying(1000),
        "actor_id" uuid,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_card_request_history" PRIMARY KEY ("id"),
        CONSTRAINT "fk_card_request_history_request" FOREIGN KEY ("card_request_id") REFERENCES "ledger"."card_requests" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_card_request_history_request" ON "ledger"."card_request_history" ("card_request_id", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ledger"."card_request_history"`);
    await queryRunner.query(`DROP TABLE "ledger"."card_requests"`);
  }
}
