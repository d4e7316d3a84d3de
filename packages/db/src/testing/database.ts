import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '../client.ts';

/** A migrated database that belongs to one test file; close() also deletes it. */
export interface TestDatabase extends DatabaseHandle {
  /** Connection URL when running on PostgreSQL (for the benchmark or a second pool). */
  url?: string;
}

/** Snapshot file name changes whenever a migration changes, so a stale snapshot is never loaded. */
function snapshotPath() {
  const digest = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    digest.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return join(tmpdir(), `agaton-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A migrated PGlite data dir, dumped once to the temp folder and shared by all test files: loading it
 * takes about half the time of starting an empty PGlite and migrating it.
 */
async function openMigratedPglite(): Promise<DatabaseHandle> {
  const path = snapshotPath();
  if (existsSync(path)) {
    return openDatabase({ pglite: new PGlite({ loadDataDir: new Blob([readFileSync(path)]) }) });
  }
  const client = new PGlite();
  const handle = openDatabase({ pglite: client });
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  // Write then rename so a parallel test file never reads a half-written snapshot.
  const partial = `${path}.${process.pid}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return handle;
}

function withDatabaseName(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Connects to the given database, or to `postgres` when that one does not exist yet (fresh CI). */
async function maintenanceClient(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const fallback = new pg.Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
    await fallback.connect();
    return fallback;
  }
}

/**
 * Fresh, migrated database for a test file: PGlite in memory by default; with DATABASE_URL a new
 * PostgreSQL database created next to the given one and dropped on close().
 */
export async function createTestDatabase(
  options: { databaseUrl?: string } = { databaseUrl: process.env.DATABASE_URL },
): Promise<TestDatabase> {
  const { databaseUrl } = options;
  if (!databaseUrl) {
    return openMigratedPglite();
  }
  const name = `agaton_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await maintenanceClient(databaseUrl);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabaseName(databaseUrl, name);
  const handle = openDatabase({ databaseUrl: url, poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = await maintenanceClient(databaseUrl);
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
