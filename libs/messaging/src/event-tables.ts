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

/**
 * Version 2 of the outbox table, for a new migration in each service after the one that ran
 * createEventTablesV1: a `sequence` column the relay publishes in order of, and its index.
 * Frozen like V1.
 *
 * Why: occurred_at defaults to now(), which is the start time of the writing transaction, so
 * all events of one transaction got the same occurred_at and the relay, ordering by it, sent
 * them in any order. An identity column takes nextval() once per inserted row, and a sequence
 * never hands a session a smaller number than it handed it before, so the events of one
 * transaction are numbered in the order they were added (a multi-row INSERT numbers its rows
 * in the order it inserts them). clock_timestamp() would not do: rows written within the same
 * microsecond (a multi-row insert) tie, and the wall clock can step back. Across concurrent
 * transactions the numbers follow insertion, not commit; the relay reads every unpublished
 * row each round, so a row that commits late is still picked up.
 *
 * Rows already in the table are numbered by occurred_at (their old publishing order), then id,
 * so unpublished events still go out, and in the order they would have before. The first
 * ALTER TABLE locks the table until the migration commits, so no row is written meanwhile.
 */
export async function createEventTablesV2(queryRunner: QueryRunner, schema: string): Promise<void> {
  const table = `"${schema}"."outbox_events"`;
  // Rows already published are in JetStream and never read again (the purge would drop them
  // within days): gone first, the locked rewrite below covers only the unpublished backlog,
  // so writers of new events wait for as short a time as possible.
  await queryRunner.query(`DELETE FROM ${table} WHERE published_at IS NOT NULL`);
  await queryRunner.query(`ALTER TABLE ${table} ADD "sequence" bigint`);
  await queryRunner.query(
    `UPDATE ${table} AS event SET "sequence" = ordered.position FROM (SELECT "id", row_number() OVER (ORDER BY "occurred_at", "id") AS position FROM ${table}) AS ordered WHERE event."id" = ordered."id"`,
  );
  await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "sequence" SET NOT NULL`);
  await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "sequence" ADD GENERATED ALWAYS AS IDENTITY`);
  // New events are numbered after the existing ones.
  await queryRunner.query(`SELECT setval(pg_get_serial_sequence('${table}', 'sequence'), COALESCE((SELECT max("sequence") FROM ${table}), 0) + 1, false)`);
  // Serves the relay's query: unpublished rows in sequence order.
  await queryRunner.query(`DROP INDEX "${schema}"."idx_outbox_events_unpublished"`);
  await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished_sequence" ON ${table} ("sequence") WHERE published_at IS NULL`);
}

/** Undoes createEventTablesV2: back to the V1 table (publishing by occurred_at). */
export async function dropEventTablesV2(queryRunner: QueryRunner, schema: string): Promise<void> {
  const table = `"${schema}"."outbox_events"`;
  await queryRunner.query(`DROP INDEX "${schema}"."idx_outbox_events_unpublished_sequence"`);
  await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON ${table} ("occurred_at") WHERE published_at IS NULL`);
  await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN "sequence"`);
}
