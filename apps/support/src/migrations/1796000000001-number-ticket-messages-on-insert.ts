import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message written without its place (by a replica still running the code from before
 * positions, while a rollout is under way) takes the next one in its ticket, instead of
 * failing the NOT NULL. Such writers hold the ticket's lock as the current ones do, so the
 * next number is theirs alone (the unique index would refuse a clash rather than mix up
 * the order).
 */
export class NumberTicketMessagesOnInsert1796000000001 implements MigrationInterface {
  name = 'NumberTicketMessagesOnInsert1796000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "support"."next_ticket_message_position"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."position" IS NULL THEN
          SELECT COALESCE(MAX("position"), 0) + 1 INTO NEW."position" FROM "support"."ticket_messages" WHERE "ticket_id" = NEW."ticket_id";
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER "ticket_messages_position" BEFORE INSERT ON "support"."ticket_messages" FOR EACH ROW EXECUTE FUNCTION "support"."next_ticket_message_position"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "ticket_messages_position" ON "support"."ticket_messages"`);
    await queryRunner.query(`DROP FUNCTION "support"."next_ticket_message_position"()`);
  }
}
