import { QueryRunner } from 'typeorm';

/**
 * DDL of the outbox_events and processed_events tables (version 1), for each service's
 * first migration in its own schema. Frozen: migrations that already ran it must stay
 * reproducible, so a later change goes into a new migration, never into this function.
 */
export async function createEventTablesV1(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE "${schema}"."outbox_events" ("id" uuid NOT NULL, "subject" character varying(200) NOT NULL, "payload" jsonb NOT NULL, "request_id" character varying(100), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, "publish_attempts" integer NOT NULL DEFAULT '0', "last_error" text, CONSTRAINT "PK_${schema}_outbox_events" PRIMARY KEY ("id"))`,
  );
  await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "${schema}"."outbox_events" ("occurred_at") WHERE published_at IS NULL`);
  await queryRunner.query(
    `CREATE TABLE "${schema}"."processed_events" ("event_id" uuid NOT NULL, "subject" character varying(200) NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_${schema}_processed_events" PRIMARY KEY ("event_id"))`,
  );
}

export async function dropEventTablesV1(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE "${schema}"."processed_events"`);
  await queryRunner.query(`DROP TABLE "${schema}"."outbox_events"`);
}
