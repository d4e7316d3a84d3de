import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { openDatabase } from './client.ts';
import { users } from './schema/index.ts';
import { buildUser } from './testing/factories.ts';

const work = mkdtempSync(join(tmpdir(), 'agaton-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('PGlite', () => {
  it('restores a backup into a fresh directory with every row and migration', async () => {
    const source = openDatabase({ pgliteDir: join(work, 'source') });
    await source.migrate();
    const user = await buildUser(source.db, { email: 'kept@example.com' });
    await source.close();

    const file = join(work, 'pglite.tar.gz');
    await backupDatabase({ pgliteDir: join(work, 'source') }, file);
    await restoreDatabase({ pgliteDir: join(work, 'restored') }, file);

    const restored = openDatabase({ pgliteDir: join(work, 'restored') });
    const rows = await restored.db.select().from(users).where(eq(users.id, user.id));
    expect(rows.map((r) => r.email)).toEqual(['kept@example.com']);
    // Nothing left to migrate: the restored database is at the same schema version.
    await restored.migrate();
    await restored.close();
  }, 240_000);

  it('refuses to restore over a directory that holds data', async () => {
    const busy = join(work, 'busy');
    openDatabase({ pgliteDir: busy });
    writeFileSync(join(busy, 'something'), 'x');
    await expect(restoreDatabase({ pgliteDir: busy }, join(work, 'pglite.tar.gz'))).rejects.toThrow(
      /not empty/,
    );
  });
});

/** The machine's PostgreSQL (CI has one on loopback); the PGlite half runs everywhere. */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
async function reachable() {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const postgres = await reachable();

describe.skipIf(!postgres)('PostgreSQL (skipped: no PostgreSQL server on loopback)', () => {
  const names = [`agaton_backup_src_${Date.now()}`, `agaton_backup_dst_${Date.now()}`];
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('restores a pg_dump backup into a fresh database', async () => {
    for (const name of names) await admin(`CREATE DATABASE "${name}"`);
    const source = openDatabase({ databaseUrl: urlOf(names[0]) });
    await source.migrate();
    const user = await buildUser(source.db, { email: 'kept-pg@example.com' });
    await source.close();

    const file = join(work, 'postgres.dump');
    await backupDatabase({ databaseUrl: urlOf(names[0]) }, file);
    await restoreDatabase({ databaseUrl: urlOf(names[1]) }, file);

    const restored = openDatabase({ databaseUrl: urlOf(names[1]) });
    const rows = await restored.db.select().from(users).where(eq(users.id, user.id));
    expect(rows.map((r) => r.email)).toEqual(['kept-pg@example.com']);
    await restored.migrate();
    await restored.close();
  }, 240_000);
});
