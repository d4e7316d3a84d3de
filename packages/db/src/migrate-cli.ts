import { join } from 'node:path';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: applies migrations to DATABASE_URL or to PGlite in DATA_DIR/pglite. */
const dataDir = process.env.DATA_DIR ?? join(process.cwd(), 'data');
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: join(dataDir, 'pglite') });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
