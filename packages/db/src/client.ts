import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The query API shared by the PGlite and node-postgres drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction()` callback receives; services that run inside a caller's transaction take it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Committed drizzle-kit migrations, applied identically to both drivers. */
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… — when set, a node-postgres pool is used. */
  databaseUrl?: string;
  /** Directory for PGlite's data (ignored with databaseUrl); undefined = in-memory. */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Pre-built PGlite instance (tests load a migrated snapshot into one). */
  pglite?: PGlite;
  /**
   * Called when PostgreSQL drops an idle pooled connection (server restart, failover, a test
   * database dropped). The pool discards that connection and opens a new one when needed.
   */
  onConnectionError?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without a listener, an idle connection's error (e.g. "terminating connection due to
    // administrator command") is an unhandled 'error' event and ends the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir;
  if (dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const client = options.pglite ?? new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      if (dir) await restrictModes(dir);
    },
    close: () => client.close(),
  };
}

/**
 * PGlite's file system layer creates its files 0666 whatever the umask (PostgreSQL itself would use
 * 0600): this sets the data folder's files to 0600 and folders to 0700, once the server has opened and
 * migrated it. Files PGlite adds later are 0666 again, but they sit in a 0700 folder no one else can enter.
 */
export async function restrictModes(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await restrictModes(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
