import { DataSource, DataSourceOptions } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@portal/test-infrastructure';
import { serviceDataSourceOptions } from './data-source-options';
import { preparedQuery } from './prepared-query';

// The shared helper behind the per-request reads (libs/database); tested here, beside the test database.
describe('preparedQuery', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('prepared_query');
    dataSource = await new DataSource({ type: 'postgres', url: database.url, extra: { max: 1 } }).initialize();
    await dataSource.query('CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL)');
    await dataSource.query(`INSERT INTO people VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Edsger')`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('answers the rows the parameters select', async () => {
    const rows = await preparedQuery<{ name: string }>(dataSource, 'test.people-by-ids', 'SELECT name FROM people WHERE id = ANY($1::int[]) ORDER BY id', [[1, 3]]);
    expect(rows).toEqual([{ name: 'Ada' }, { name: 'Edsger' }]);
    const again = await preparedQuery<{ name: string }>(dataSource, 'test.people-by-ids', 'SELECT name FROM people WHERE id = ANY($1::int[]) ORDER BY id', [[2]]);
    expect(again).toEqual([{ name: 'Grace' }]);
  });

  it('keeps the statement prepared on the connection, so it is planned once', async () => {
    const text = 'SELECT name FROM pg_prepared_statements ORDER BY name';
    await preparedQuery(dataSource, 'test.prepared-names', text, []);
    const names = (await preparedQuery<{ name: string }>(dataSource, 'test.prepared-names', text, [])).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['test.people-by-ids', 'test.prepared-names']));
  });

  it('rejects with the database error for a bad parameter, and the pool stays usable', async () => {
    await expect(preparedQuery(dataSource, 'test.people-by-ids', 'SELECT name FROM people WHERE id = ANY($1::int[]) ORDER BY id', [['x']])).rejects.toThrow(/invalid input syntax/);
    expect(await preparedQuery(dataSource, 'test.people-by-ids', 'SELECT name FROM people WHERE id = ANY($1::int[]) ORDER BY id', [[1]])).toEqual([{ name: 'Ada' }]);
  });

  it('prepares nothing named with prepared statements off (DATABASE_PREPARED_STATEMENTS=false, for PgBouncer in transaction mode)', async () => {
    const pooled = await new DataSource(serviceDataSourceOptions({ schema: 'public', url: database.url, entities: [], migrations: [], poolSize: 1, preparedStatements: false }) as DataSourceOptions).initialize();
    try {
      expect(await preparedQuery(pooled, 'test.people-by-ids', 'SELECT name FROM people WHERE id = ANY($1::int[]) ORDER BY id', [[2, 3]])).toEqual([{ name: 'Grace' }, { name: 'Edsger' }]);
      expect(await preparedQuery(pooled, 'test.prepared-names', 'SELECT name FROM pg_prepared_statements', [])).toEqual([]);
    } finally {
      await pooled.destroy();
    }
  });
});
