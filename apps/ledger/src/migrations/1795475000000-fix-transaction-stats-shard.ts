import { MigrationInterface, QueryRunner } from 'typeorm';

function countTransaction(shard: string): string {
  return `
    CREATE OR REPLACE FUNCTION "ledger"."count_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE bucket smallint := ${shard};
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
    END $$`;
}

/**
 * The counters' shard was abs(hashtext(id)) % 64, and abs() of the one hash value
 * -2147483648 is out of integer range: about one transaction id in four billion could not
 * be inserted at all (the benchmark's 1,000,000-row seed met one). The low six bits of the
 * hash spread as well and cannot overflow. Shards only spread concurrent writes; the totals
 * are sums over all of them, so rows counted under the old shard stay correct.
 */
export class FixTransactionStatsShard1795475000000 implements MigrationInterface {
  name = 'FixTransactionStatsShard1795475000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(countTransaction('hashtext(NEW.id::text) & 63'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(countTransaction('abs(hashtext(NEW.id::text)) % 64'));
  }
}
