import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BackupTarget, backupDatabase, restoreDatabase } from './backup.ts';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the database of DATABASE_URL, or
 * PGlite in DATA_DIR/pglite (default ./data at the repo root) — the same choice the server makes.
 * PGlite: stop the server first (it holds the directory). Restore needs a fresh, empty database.
 */
// A backup (pg_dump's file too) and a restored data folder are readable by their owner only.
process.umask(0o077);
const { positionals } = parseArgs({ allowPositionals: true });
const [command, file] = positionals;
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run db:backup -- FILE   |   npm run db:restore -- FILE');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR
  ? resolve(process.env.DATA_DIR)
  : fileURLToPath(new URL('../../../data', import.meta.url));
const target: BackupTarget = process.env.DATABASE_URL
  ? { databaseUrl: process.env.DATABASE_URL }
  : { pgliteDir: join(dataDir, 'pglite') };
const where = 'databaseUrl' in target ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.pgliteDir}`;
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  if (command === 'backup') {
    await backupDatabase(target, path);
    console.log(`Backed up ${where} to ${path}`);
  } else {
    await restoreDatabase(target, path);
    console.log(`Restored ${path} into ${where}. Start the server to apply any newer migrations.`);
  }
} catch (error) {
  console.error(`db:${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
