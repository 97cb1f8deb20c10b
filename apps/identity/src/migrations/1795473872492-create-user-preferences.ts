import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUserPreferences1795473872492 implements MigrationInterface {
  name = 'CreateUserPreferences1795473872492';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."user_preferences" ("user_id" uuid NOT NULL, "notifications" jsonb NOT NULL, "app" jsonb NOT NULL, "privacy" jsonb NOT NULL, "version" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_user_preferences" PRIMARY KEY ("user_id"), CONSTRAINT "fk_user_preferences_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."user_preferences"`);
  }
}
