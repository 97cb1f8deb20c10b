import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1764000000000 implements MigrationInterface {
  name = 'CreateNotifications1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notification"."notifications" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "title" character varying(200) NOT NULL, "message" text NOT NULL, "type" character varying(10) NOT NULL, "category" character varying(30) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "read_at" TIMESTAMP WITH TIME ZONE, "source_event_id" uuid, "broadcast_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_notifications_source_event_user" UNIQUE ("source_event_id", "user_id"), CONSTRAINT "pk_notifications" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_notifications_user_created" ON "notification"."notifications" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_notifications_user_unread" ON "notification"."notifications" ("user_id") WHERE read_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "idx_notifications_broadcast_user" ON "notification"."notifications" ("broadcast_id", "user_id") `);
    await queryRunner.query(
      `CREATE TABLE "notification"."broadcasts" ("id" uuid NOT NULL, "sent_by" uuid NOT NULL, "title" character varying(200) NOT NULL, "message" text NOT NULL, "type" character varying(10) NOT NULL, "audience" jsonb NOT NULL, "recipient_count" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_broadcasts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_broadcasts_created" ON "notification"."broadcasts" ("created_at") `);
    await queryRunner.query(
      `CREATE TABLE "notification"."recipients" ("user_id" uuid NOT NULL, "email" character varying(320) NOT NULL, "first_name" character varying(100) NOT NULL, "user_type" character varying(20) NOT NULL, CONSTRAINT "pk_recipients" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "notification"."gipp_confirmations" ("application_id" uuid NOT NULL, "event_id" uuid NOT NULL, CONSTRAINT "pk_gipp_confirmations" PRIMARY KEY ("application_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification"."gipp_confirmations"`);
    await queryRunner.query(`DROP TABLE "notification"."recipients"`);
    await queryRunner.query(`DROP TABLE "notification"."broadcasts"`);
    await queryRunner.query(`DROP TABLE "notification"."notifications"`);
  }
}
