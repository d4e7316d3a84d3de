import { createTestDatabase, type TestDatabase } from '@agaton/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('PostgreSQL connection loss', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps serving when the server drops idle pooled connections', async () => {
    const pid = async () => {
      const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as {
        rows: { pid: number }[];
      };
      return result.rows[0];
    };
    // Two connections in the pool, both idle afterwards.
    await Promise.all([pid(), pid()]);
    // An administrator (or a restart) ends every other connection to this database.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // No unhandled 'error' event (vitest fails the run on one), and the next queries work.
    const after = await Promise.all([pid(), pid(), pid()]);
    expect(after.every((r) => r.pid > 0)).toBe(true);
  });
});
