import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTickets1764000000000 implements MigrationInterface {
  name = 'CreateTickets1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "support"."tickets" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "subject" character varying(200) NOT NULL, "category" character varying(50) NOT NULL, "priority" character varying(20) NOT NULL, "message" text NOT NULL, "status" character varying(20) NOT NULL, "message_count" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_tickets" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_tickets_user_created" ON "support"."tickets" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_tickets_status_created" ON "support"."tickets" ("status", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "support"."ticket_messages" ("id" uuid NOT NULL, "ticket_id" uuid NOT NULL, "author_id" uuid NOT NULL, "author_role" character varying(20) NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_ticket_messages" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_ticket_messages_ticket_created" ON "support"."ticket_messages" ("ticket_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "support"."ticket_messages" ADD CONSTRAINT "fk_ticket_messages_ticket" FOREIGN KEY ("ticket_id") REFERENCES "support"."tickets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "support"."ticket_messages"`);
    await queryRunner.query(`DROP TABLE "support"."tickets"`);
  }
}
