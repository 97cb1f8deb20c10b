import { DataSource, EntityManager } from 'typeorm';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

/** Runs work in one transaction, retrying a bounded number of times on serialization failures and deadlocks. */
export async function inTransactionWithRetry<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: { attempts?: number; isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE' } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(options.isolation ?? 'READ COMMITTED', work);
    } catch (error) {
      const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 10));
    }
  }
}
