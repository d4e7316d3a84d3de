import cluster from 'node:cluster';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, openDatabase, seedDemoData } from '@agaton/db';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/env.ts';
import { purgeExpiredTokens } from './modules/auth/index.ts';

/**
 * Production entry: migrate, seed an empty database, serve API + SPA on PORT — in this process, or with
 * API_PROCESSES above 1 in that many cluster workers sharing the port, the first of which also runs the
 * background work (analysis workers, demo sessions, token purge).
 */
async function main() {
  // Whatever this process writes under DATA_DIR (database, recordings, secrets) is its owner's alone.
  process.umask(0o077);
  const config = loadConfig();
  if (config.API_PROCESSES === 1) return serve(config, { index: 0 });
  if (cluster.isPrimary) {
    const db = openDb(config);
    const seeded = await prepareDatabase(config, db).finally(() => db.close());
    return runPrimary(config, seeded);
  }
  return serve(config, {
    index: Number(process.env[PROCESS_INDEX]),
    seeded: process.env[DEMO_SEEDED] === '1',
  });
}

/** What the primary tells each cluster worker: its place (0 runs the background work) and the seeding. */
const PROCESS_INDEX = 'AGATON_API_PROCESS_INDEX';
const DEMO_SEEDED = 'AGATON_DEMO_SEEDED';

function openDb(config: AppConfig, onConnectionError?: (error: Error) => void) {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.DATA_DIR, 'pglite'),
    poolSize: config.DB_POOL_SIZE,
    onConnectionError,
  });
}

/** Migrates and, with SEED_DEMO_DATA, seeds an empty database; true when it seeded. */
async function prepareDatabase(config: AppConfig, db: ReturnType<typeof openDb>): Promise<boolean> {
  await db.migrate();
  return config.SEED_DEMO_DATA ? await seedDemoData(db.db, { password: config.DEMO_PASSWORD }) : false;
}

/**
 * The cluster's primary: forks API_PROCESSES workers, replaces one that dies after it had started, and
 * stops them all on SIGINT/SIGTERM. A worker that dies before it listened (a port in use, a bad
 * database) ends the whole server instead of being forked again and again.
 */
function runPrimary(config: AppConfig, seeded: boolean) {
  let stopping = false;
  let started = 0;
  const fork = (index: number) => {
    const worker = cluster.fork({ [PROCESS_INDEX]: String(index), [DEMO_SEEDED]: seeded ? '1' : '0' });
    let listened = false;
    worker.once('listening', () => {
      listened = true;
      started += 1;
      if (started === config.API_PROCESSES) console.log(`${started} API processes share the port.`);
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `exit ${code}`;
      if (!listened) {
        console.error(`API process ${index} ended before it started (${how}); stopping.`);
        stop(1);
        return;
      }
      console.error(`API process ${index} ended (${how}); starting it again.`);
      fork(index);
    });
  };
  const stop = (code: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    const done = () => process.exit(code);
    if (left === 0) done();
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) done();
      });
      worker.process.kill('SIGTERM');
    }
    // One that does not end within 15 s (a request that will not finish) is killed.
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, 15_000).unref();
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  for (let index = 0; index < config.API_PROCESSES; index += 1) fork(index);
}

/**
 * One API process: the app on PORT; process 0 runs the background work and prints the banner. Without
 * `seeded` (one process, no primary) it migrates and seeds itself.
 */
async function serve(config: AppConfig, role: { index: number; seeded?: boolean }) {
  let log: ((error: Error) => void) | undefined;
  const db = openDb(config, (error) => log?.(error));
  const seeded = role.seeded ?? (await prepareDatabase(config, db));
  const background = role.index === 0;
  const webDistDir = config.WEB_DIST_DIR
    ? resolve(config.WEB_DIST_DIR)
    : join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp({
    config,
    db: db.db,
    webDistDir,
    analysisWorkers: background && config.ANALYSIS_IN_API,
    seedDemoSessions: background && config.SEED_DEMO_DATA,
  });
  log = (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one');

  if (background) {
    // Hourly housekeeping; unref so it never keeps the process alive.
    const purge = () =>
      purgeExpiredTokens(db.db).catch((error) => app.log.warn({ err: error }, 'token purge failed'));
    await purge();
    setInterval(purge, 60 * 60 * 1000).unref();
  }

  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  // A cluster worker is stopped by its primary (SIGTERM); Ctrl-C reaches the whole process group.
  if (cluster.isWorker) process.on('SIGINT', () => {});
  else process.once('SIGINT', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  if (!background) return;
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
