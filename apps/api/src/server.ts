import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, openDatabase, seedDemoData } from '@agaton/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { purgeExpiredTokens } from './modules/auth/index.ts';

/** Production entry: migrate, seed an empty database, serve API + SPA on PORT. */
async function main() {
  // Whatever this process writes under DATA_DIR (database, recordings, secrets) is its owner's alone.
  process.umask(0o077);
  const config = loadConfig();
  let log: ((error: Error) => void) | undefined;
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.DATA_DIR, 'pglite'),
    poolSize: config.DB_POOL_SIZE,
    onConnectionError: (error) => log?.(error),
  });
  await db.migrate();
  const seeded = config.SEED_DEMO_DATA
    ? await seedDemoData(db.db, { password: config.DEMO_PASSWORD })
    : false;
  const webDistDir = config.WEB_DIST_DIR
    ? resolve(config.WEB_DIST_DIR)
    : join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp({
    config,
    db: db.db,
    webDistDir,
    analysisWorkers: config.ANALYSIS_IN_API,
    seedDemoSessions: config.SEED_DEMO_DATA,
  });
  log = (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one');

  // Hourly housekeeping; unref so it never keeps the process alive.
  const purge = () =>
    purgeExpiredTokens(db.db).catch((error) => app.log.warn({ err: error }, 'token purge failed'));
  await purge();
  setInterval(purge, 60 * 60 * 1000).unref();

  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  // A generated production password is printed only by the start that seeded with it (once).
  const password = !config.demoPasswordGenerated
    ? config.production
      ? 'the DEMO_PASSWORD you set'
      : config.DEMO_PASSWORD
    : seeded
      ? `${config.DEMO_PASSWORD}  (generated; shown once, set DEMO_PASSWORD to choose one)`
      : 'shown once when the demo was created';
  const demoLines = [
    seeded ? 'Demo data created.' : '',
    `Demo sign-ins (password for all: ${password}):`,
    `  coach    ${DEMO_ACCOUNTS.coach}  at ${config.PUBLIC_URL}/coach/auth`,
    `  admin    ${DEMO_ACCOUNTS.admin}  at ${config.PUBLIC_URL}/auth`,
    `  manager  ${DEMO_ACCOUNTS.manager}  at ${config.PUBLIC_URL}/auth (sees team "Sales" only)`,
    `  candidate ${DEMO_ACCOUNTS.candidate.email} with test code ${DEMO_ACCOUNTS.candidate.testCode}`,
  ];
  const lines = [
    '',
    `Agaton is running at ${config.PUBLIC_URL}  (database: ${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${join(config.DATA_DIR, 'pglite')}`})`,
    config.API_DOCS ? `API docs: ${config.PUBLIC_URL}/api/docs` : '',
    ...(config.SEED_DEMO_DATA ? demoLines : ['No demo data (run `npm run demo`, or set SEED_DEMO_DATA=1).']),
    '',
  ];
  console.log(lines.filter((l) => l !== '').join('\n'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
