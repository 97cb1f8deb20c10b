import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trigram index over a user's name and email as the admin searches match them (a text
 * anywhere in them, any case): without it every search read the whole users table, four
 * ILIKEs a row, 60-100 ms at 10,000 customers and growing with them. pg_trgm ships with
 * PostgreSQL and is a trusted extension (a database owner may create it); it lives in
 * whichever schema it was first created in, so its operator class is looked up there.
 * fastupdate off: sign-ups are rare and searches frequent, and entries parked in GIN's
 * pending list until a vacuum made the planner prefer the full scan again (measured: 25 ms
 * instead of 1 ms over 20,000 users just added).
 */
export class AddUserSearchIndex1795475100000 implements MigrationInterface {
  name = 'AddUserSearchIndex1795475100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    const [{ schema }]: { schema: string }[] = await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    // The expression must stay identical to USER_SEARCH_TEXT (users/user-search.ts) for the planner to use it.
    await queryRunner.query(
      `CREATE INDEX "idx_users_search_text" ON "identity"."users" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) "${schema.replace(/"/g, '""')}".gin_trgm_ops) WITH (fastupdate = off)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."idx_users_search_text"`);
  }
}
