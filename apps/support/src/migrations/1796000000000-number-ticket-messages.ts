import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each message's place in its ticket's conversation. created_at is the start of the writing
 * transaction, so a message written second (it waited for the ticket's lock) could show first.
 * Existing messages are numbered by created_at, then id (the order they were shown in).
 */
export class NumberTicketMessages1796000000000 implements MigrationInterface {
  name = 'NumberTicketMessages1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "support"."ticket_messages" ADD "position" integer`);
    await queryRunner.query(
      `UPDATE "support"."ticket_messages" AS message SET "position" = numbered.position FROM (SELECT "id", row_number() OVER (PARTITION BY "ticket_id" ORDER BY "created_at", "id") AS position FROM "support"."ticket_messages") AS numbered WHERE message."id" = numbered."id"`,
    );
    await queryRunner.query(`ALTER TABLE "support"."ticket_messages" ALTER COLUMN "position" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_ticket_messages_ticket_position" ON "support"."ticket_messages" ("ticket_id", "position") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "support"."uq_ticket_messages_ticket_position"`);
    await queryRunner.query(`ALTER TABLE "support"."ticket_messages" DROP COLUMN "position"`);
  }
}
