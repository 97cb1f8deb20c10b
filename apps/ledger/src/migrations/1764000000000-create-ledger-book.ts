import { MigrationInterface, QueryRunner } from 'typeorm';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD'];
const CUSTOMER_KINDS = ['available', 'held', 'locked', 'invested', 'returns'];
const SYSTEM_KINDS = ['incoming_bank', 'incoming_crypto', 'payouts', 'fees', 'returns_paid', 'security_matching'];

/**
 * The double-entry book. Customer accounts hold what the platform owes a customer and can
 * never go below zero (CHECK); system accounts are the other side of every transfer and
 * carry the opposite sign. Balances are written only by the posting code, in the
 * transaction that inserts the transfer's entries.
 */
export class CreateLedgerBook1764000000000 implements MigrationInterface {
  name = 'CreateLedgerBook1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const kinds = [...CUSTOMER_KINDS, ...SYSTEM_KINDS].map((kind) => `'${kind}'`).join(', ');
    const systemKinds = SYSTEM_KINDS.map((kind) => `'${kind}'`).join(', ');
    await queryRunner.query(`
      CREATE TABLE "ledger"."accounts" (
        "id" bigserial NOT NULL,
        "user_id" uuid,
        "currency" character(3) NOT NULL,
        "kind" character varying(20) NOT NULL,
        "balance" bigint NOT NULL DEFAULT 0,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_accounts" PRIMARY KEY ("id"),
        CONSTRAINT "ck_accounts_kind" CHECK ("kind" IN (${kinds})),
        CONSTRAINT "ck_accounts_owner" CHECK (("user_id" IS NULL) = ("kind" IN (${systemKinds}))),
        CONSTRAINT "ck_accounts_customer_not_negative" CHECK ("user_id" IS NULL OR "balance" >= 0)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_accounts_customer" ON "ledger"."accounts" ("user_id", "currency", "kind") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_accounts_system" ON "ledger"."accounts" ("currency", "kind") WHERE "user_id" IS NULL`);
    for (const currency of CURRENCIES) {
      for (const kind of SYSTEM_KINDS) await queryRunner.query(`INSERT INTO "ledger"."accounts" ("currency", "kind") VALUES ($1, $2)`, [currency, kind]);
    }

    await queryRunner.query(`
      CREATE TABLE "ledger"."transactions" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "type" character varying(20) NOT NULL,
        "status" character varying(20) NOT NULL,
        "amount" bigint NOT NULL,
        "currency" character(3) NOT NULL,
        "method" character varying(20) NOT NULL,
        "reference" character varying(64) NOT NULL,
        "description" text NOT NULL,
        "details" jsonb NOT NULL DEFAULT '{}',
        "reason" text,
        "decided_by" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "reference" || ' ' || "description")) STORED,
        CONSTRAINT "pk_transactions" PRIMARY KEY ("id"),
        CONSTRAINT "uq_transactions_reference" UNIQUE ("reference"),
        CONSTRAINT "ck_transactions_type" CHECK ("type" IN ('deposit', 'withdrawal', 'investment', 'return', 'fee')),
        CONSTRAINT "ck_transactions_status" CHECK ("status" IN ('pending', 'processing', 'completed', 'failed', 'cancelled')),
        CONSTRAINT "ck_transactions_amount" CHECK ("amount" > 0),
        CONSTRAINT "ck_transactions_method" CHECK ("method" IN ('bank', 'crypto', 'balance'))
      )`);
    // Keyset pages newest first: unfiltered, per customer, per type and per status.
    await queryRunner.query(`CREATE INDEX "idx_transactions_created" ON "ledger"."transactions" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_transactions_user" ON "ledger"."transactions" ("user_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_transactions_type" ON "ledger"."transactions" ("type", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_transactions_status" ON "ledger"."transactions" ("status", "created_at" DESC, "id" DESC)`);
    // Search: whole words of the reference and description (stored, so a filter never recomputes them), and references by their start.
    await queryRunner.query(`CREATE INDEX "idx_transactions_words" ON "ledger"."transactions" USING gin ("search_words")`);
    await queryRunner.query(`CREATE INDEX "idx_transactions_reference_prefix" ON "ledger"."transactions" (lower("reference") text_pattern_ops)`);

    // Counters behind the admin tiles and list totals, so no page counts the table. Spread
    // over shards so concurrent postings do not queue on one row.
    await queryRunner.query(`
      CREATE TABLE "ledger"."transaction_stats" (
        "type" character varying(20) NOT NULL,
        "status" character varying(20) NOT NULL,
        "currency" character(3) NOT NULL,
        "shard" smallint NOT NULL,
        "count" bigint NOT NULL DEFAULT 0,
        "amount" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "pk_transaction_stats" PRIMARY KEY ("type", "status", "currency", "shard")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "ledger"."count_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bucket smallint := abs(hashtext(NEW.id::text)) % 64;
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF NEW.status = OLD.status THEN RETURN NULL; END IF;
          INSERT INTO ledger.transaction_stats AS s (type, status, currency, shard, count, amount)
            VALUES (OLD.type, OLD.status, OLD.currency, bucket, -1, -OLD.amount)
            ON CONFLICT (type, status, currency, shard) DO UPDATE SET count = s.count - 1, amount = s.amount - OLD.amount;
        END IF;
        INSERT INTO ledger.transaction_stats AS s (type, status, currency, shard, count, amount)
          VALUES (NEW.type, NEW.status, NEW.currency, bucket, 1, NEW.amount)
          ON CONFLICT (type, status, currency, shard) DO UPDATE SET count = s.count + 1, amount = s.amount + NEW.amount;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_transactions_stats" AFTER INSERT OR UPDATE OF "status" ON "ledger"."transactions" FOR EACH ROW EXECUTE FUNCTION "ledger"."count_transaction"()`,
    );

    await queryRunner.query(`
      CREATE TABLE "ledger"."security_deposits" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "amount" bigint NOT NULL,
        "currency" character(3) NOT NULL,
        "status" character varying(20) NOT NULL,
        "lock_reason" text,
        "created_by" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_security_deposits" PRIMARY KEY ("id"),
        CONSTRAINT "ck_security_deposits_amount" CHECK ("amount" > 0),
        CONSTRAINT "ck_security_deposits_status" CHECK ("status" IN ('locked', 'unlocked'))
      )`);
    await queryRunner.query(`CREATE INDEX "idx_security_deposits_user" ON "ledger"."security_deposits" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_security_deposits_created" ON "ledger"."security_deposits" ("created_at" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "ledger"."transfers" (
        "id" uuid NOT NULL,
        "kind" character varying(40) NOT NULL,
        "currency" character(3) NOT NULL,
        "transaction_id" uuid,
        "security_deposit_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_transfers" PRIMARY KEY ("id"),
        CONSTRAINT "fk_transfers_transaction" FOREIGN KEY ("transaction_id") REFERENCES "ledger"."transactions" ("id"),
        CONSTRAINT "fk_transfers_security_deposit" FOREIGN KEY ("security_deposit_id") REFERENCES "ledger"."security_deposits" ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_transfers_transaction" ON "ledger"."transfers" ("transaction_id")`);
    await queryRunner.query(`
      CREATE TABLE "ledger"."entries" (
        "id" bigserial NOT NULL,
        "transfer_id" uuid NOT NULL,
        "account_id" bigint NOT NULL,
        "amount" bigint NOT NULL,
        CONSTRAINT "pk_entries" PRIMARY KEY ("id"),
        CONSTRAINT "ck_entries_amount" CHECK ("amount" <> 0),
        CONSTRAINT "fk_entries_transfer" FOREIGN KEY ("transfer_id") REFERENCES "ledger"."transfers" ("id"),
        CONSTRAINT "fk_entries_account" FOREIGN KEY ("account_id") REFERENCES "ledger"."accounts" ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_entries_transfer" ON "ledger"."entries" ("transfer_id")`);
    await queryRunner.query(`CREATE INDEX "idx_entries_account" ON "ledger"."entries" ("account_id")`);

    await queryRunner.query(`
      CREATE TABLE "ledger"."idempotency_keys" (
        "user_id" uuid NOT NULL,
        "key" character varying(255) NOT NULL,
        "operation" character varying(50) NOT NULL,
        "request_hash" character(64) NOT NULL,
        "response" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_idempotency_keys" PRIMARY KEY ("user_id", "key")
      )`);

    // The latest application of each customer, kept from applications' events (deposit gate).
    await queryRunner.query(`
      CREATE TABLE "ledger"."application_gate" (
        "user_id" uuid NOT NULL,
        "application_id" uuid NOT NULL,
        "status" character varying(20) NOT NULL,
        "version" integer NOT NULL,
        "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_application_gate" PRIMARY KEY ("user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['application_gate', 'idempotency_keys', 'entries', 'transfers', 'security_deposits', 'transaction_stats', 'transactions', 'accounts']) {
      await queryRunner.query(`DROP TABLE "ledger"."${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "ledger"."count_transaction"()`);
  }
}
