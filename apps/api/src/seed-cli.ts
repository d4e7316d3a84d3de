import { join } from 'node:path';
import { openDatabase, seedDemoData } from '@agaton/db';
import { ConfigError, loadConfig } from './config/env.ts';

/** `npm run db:seed`: migrates and seeds the demo data into an empty database. */
try {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite') });
  await db.migrate();
  const seeded = await seedDemoData(db.db, { password: config.DEMO_PASSWORD });
  console.log(seeded ? 'Demo data created.' : 'Database is not empty; nothing seeded.');
  if (seeded && config.demoPasswordGenerated)
    console.log(`Demo password (shown once): ${config.DEMO_PASSWORD}`);
  await db.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
