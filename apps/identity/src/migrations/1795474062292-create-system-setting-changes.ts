import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each setting's version history (who, when, old and new value) for System Settings. */
export class CreateSystemSettingChanges1795474062292 implements MigrationInterface {
  name = 'CreateSystemSettingChanges1795474062292';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."system_setting_changes" ("id" uuid NOT NULL, "setting_key" text NOT NULL, "version" integer NOT NULL, "previous_value" jsonb, "value" jsonb NOT NULL, "changed_by" uuid, "changed_by_email" text, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_system_setting_changes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_system_setting_changes_key_version" ON "identity"."system_setting_changes" ("setting_key", "version")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."system_setting_changes"`);
  }
}
