import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { restrictModes } from './client.ts';

/**
 * Database backup and restore for both engines (docs/operations.md "Backup and restore"):
 * PostgreSQL through `pg_dump --format=custom` / `pg_restore`, PGlite through its data-directory
 * tarball (`dumpDataDir` / `loadDataDir`). The database only: recordings and documents live in the
 * object store (DATA_DIR/objects or S3), which is copied with file tools.
 */
export type BackupTarget = { databaseUrl: string } | { pgliteDir: string };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the database to `file` (a pg_dump archive, or a PGlite .tar.gz). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, target.databaseUrl]);
    return;
  }
  if (!existsSync(target.pgliteDir)) throw new Error(`No PGlite database in ${target.pgliteDir}`);
  // PGlite holds its directory exclusively: the server must be stopped (the CLI says so).
  const db = new PGlite(target.pgliteDir);
  try {
    // PGlite's own 'gzip' option never settles under Node (0.5.16); compress the plain tar here.
    // …and dumping before the database is ready never settles either.
    await db.waitReady;
    const dump = await db.dumpDataDir('none');
    await writeFile(file, gzipSync(Buffer.from(await dump.arrayBuffer())), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into a FRESH database: an empty PostgreSQL database, or a PGlite directory that
 * does not exist or is empty. Restoring over live data is refused rather than merged.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.databaseUrl, file]);
    return;
  }
  if (existsSync(target.pgliteDir) && readdirSync(target.pgliteDir).length > 0) {
    throw new Error(`${target.pgliteDir} is not empty: restore into a fresh directory`);
  }
  mkdirSync(target.pgliteDir, { recursive: true, mode: 0o700 });
  const db = new PGlite(target.pgliteDir, { loadDataDir: new Blob([gunzipSync(await readFile(file))]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  await restrictModes(target.pgliteDir);
}
