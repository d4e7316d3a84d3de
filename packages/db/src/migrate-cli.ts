import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: applies migrations to DATABASE_URL or to PGlite in DATA_DIR/pglite (default ./data at the repo root). */
const dataDir = process.env.DATA_DIR
  ? resolve(process.env.DATA_DIR)
  : fileURLToPath(new URL('../../../data', import.meta.url));
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: join(dataDir, 'pglite') });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
