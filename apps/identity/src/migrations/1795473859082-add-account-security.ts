import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Security tab and two-factor sign-in: per-user security choices and the encrypted
 * authenticator secret, hashed recovery codes, the devices a user has signed in from
 * (for login alerts), and when each session began (for the absolute session limit).
 */
export class AddAccountSecurity1795473859082 implements MigrationInterface {
  name = 'AddAccountSecurity1795473859082';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."user_security" ("user_id" uuid NOT NULL, "totp_secret" text, "totp_pending_secret" text, "totp_pending_created_at" TIMESTAMP WITH TIME ZONE, "totp_enabled_at" TIMESTAMP WITH TIME ZONE, "totp_last_step" bigint, "login_alerts" boolean NOT NULL DEFAULT true, "biometric_login" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_user_security" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."user_security" ADD CONSTRAINT "fk_user_security_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."recovery_codes" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "code_hash" character varying(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_recovery_codes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_recovery_codes_user_code" ON "identity"."recovery_codes" ("user_id", "code_hash")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."recovery_codes" ADD CONSTRAINT "fk_recovery_codes_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."known_sign_in_devices" ("user_id" uuid NOT NULL, "device_hash" character varying(64) NOT NULL, "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_known_sign_in_devices" PRIMARY KEY ("user_id", "device_hash"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."known_sign_in_devices" ADD CONSTRAINT "fk_known_sign_in_devices_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" ADD "session_started_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "identity"."refresh_tokens" SET "session_started_at" = "created_at"`);
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" ALTER COLUMN "session_started_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" ALTER COLUMN "session_started_at" SET DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" DROP COLUMN "session_started_at"`);
    await queryRunner.query(`DROP TABLE "identity"."known_sign_in_devices"`);
    await queryRunner.query(`DROP TABLE "identity"."recovery_codes"`);
    await queryRunner.query(`DROP TABLE "identity"."user_security"`);
  }
}
