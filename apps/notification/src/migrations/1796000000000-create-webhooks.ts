import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook endpoints and their delivery log (WebhookEndpoint, WebhookDelivery). */
export class CreateWebhooks1796000000000 implements MigrationInterface {
  name = 'CreateWebhooks1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notification"."webhook_endpoints" ("id" uuid NOT NULL, "url" character varying(2000) NOT NULL, "events" jsonb NOT NULL, "description" character varying(500) NOT NULL DEFAULT '', "secret" text NOT NULL, "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_webhook_endpoints" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "notification"."webhook_deliveries" ("id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_type" character varying(200) NOT NULL, "event" jsonb NOT NULL, "status" character varying(20) NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "last_response_code" integer, "last_error" character varying(500), "replay_of" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "delivered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_webhook_deliveries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_deliveries_endpoint" ON "notification"."webhook_deliveries" ("endpoint_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "notification"."idx_webhook_deliveries_endpoint"`);
    await queryRunner.query(`DROP TABLE "notification"."webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "notification"."webhook_endpoints"`);
  }
}
