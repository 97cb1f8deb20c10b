import { MigrationInterface, QueryRunner } from 'typeorm';
import { createEventTablesV1, dropEventTablesV1 } from '@portal/messaging';

export class CreateIdentityTables1763800000000 implements MigrationInterface {
  name = 'CreateIdentityTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventTablesV1(queryRunner, 'identity');

    await queryRunner.query(
      `CREATE TABLE "identity"."users" ("id" uuid NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "user_type" character varying(20) NOT NULL, "admin_role" character varying(20), "user_status" character varying(20) NOT NULL DEFAULT 'active', "kyc_status" character varying(20) NOT NULL DEFAULT 'pending', "email_confirmed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_users" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "identity"."users" ("email")`);

    await queryRunner.query(
      `CREATE TABLE "identity"."email_confirmation_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_email_confirmation_tokens" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_email_confirmation_tokens_token_hash" ON "identity"."email_confirmation_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "idx_email_confirmation_tokens_user_id" ON "identity"."email_confirmation_tokens" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "idx_email_confirmation_tokens_expires_at" ON "identity"."email_confirmation_tokens" ("expires_at")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."email_confirmation_tokens" ADD CONSTRAINT "fk_email_confirmation_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "identity"."password_reset_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_password_reset_tokens" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_password_reset_tokens_token_hash" ON "identity"."password_reset_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "idx_password_reset_tokens_user_id" ON "identity"."password_reset_tokens" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "idx_password_reset_tokens_expires_at" ON "identity"."password_reset_tokens" ("expires_at")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."password_reset_tokens" ADD CONSTRAINT "fk_password_reset_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "identity"."refresh_tokens" ("id" uuid NOT NULL, "session_id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "rotated_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "client_ip" character varying(64), "user_agent" character varying(500), CONSTRAINT "pk_refresh_tokens" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_refresh_tokens_token_hash" ON "identity"."refresh_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_session_id" ON "identity"."refresh_tokens" ("session_id")`);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_user_id" ON "identity"."refresh_tokens" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "idx_refresh_tokens_expires_at" ON "identity"."refresh_tokens" ("expires_at")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."refresh_tokens" ADD CONSTRAINT "fk_refresh_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    // No foreign key to users: an audit record must outlive the account it names.
    await queryRunner.query(
      `CREATE TABLE "identity"."audit_logs" ("id" uuid NOT NULL, "category" character varying(30) NOT NULL, "action_type" character varying(100) NOT NULL, "actor_user_id" uuid, "actor_email" character varying(254), "target_type" character varying(50), "target_id" character varying(200), "description" text NOT NULL, "metadata" jsonb NOT NULL DEFAULT '{}', "client_ip" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_audit_logs" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_created_at_id" ON "identity"."audit_logs" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_category_created_at" ON "identity"."audit_logs" ("category", "created_at")`);

    await queryRunner.query(
      `CREATE TABLE "identity"."system_settings" ("setting_key" text NOT NULL, "setting_value" jsonb NOT NULL, "description" text, "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_system_settings" PRIMARY KEY ("setting_key"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."system_settings"`);
    await queryRunner.query(`DROP TABLE "identity"."audit_logs"`);
    await queryRunner.query(`DROP TABLE "identity"."refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."password_reset_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."email_confirmation_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
    await dropEventTablesV1(queryRunner, 'identity');
  }
}
