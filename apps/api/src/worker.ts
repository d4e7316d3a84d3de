import { openDatabase } from '@agaton/db';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/env.ts';
import type { AppContext } from './lib/context.ts';
import { loggerOptions } from './lib/logging.ts';
import { embeddedTransport, Mailer } from './lib/mailer.ts';
import { AccessTokens } from './lib/tokens.ts';
import { createPipeline } from './modules/pipeline/index.ts';
import { smtpTransport } from './providers/mail/smtp.ts';

/**
 * `npm run worker`: a process that only analyses (sessions and QA calls), taking jobs from the same
 * PostgreSQL database and object store as the api (run any number, on any machine). Set
 * ANALYSIS_IN_API=0 on the api processes to keep analysis off them.
 */
async function main() {
  // Files this process writes (object store folder) are its owner's alone, as in the api.
  process.umask(0o077);
  const config = loadConfig();
  const log = pino(loggerOptions(config.LOG_LEVEL));
  if (!config.DATABASE_URL) {
    // PGlite lives inside one process: the api's own workers analyse sessions there.
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database cannot be shared between processes. Without it, the api analyses sessions itself (ANALYSIS_IN_API=1).',
    );
  }
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: Math.max(2, config.SESSION_WORKERS + 2),
    onConnectionError: (error) =>
      log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  });
  await db.migrate();
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : embeddedTransport(log);
  const ctx: AppContext = {
    db: db.db,
    config,
    tokens: new AccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: new Mailer(db.db, transport, config.MAIL_FROM, log, { keepSecrets: config.MAIL_OUTBOX_VIEWER }),
    log,
  };
  const runtime = createPipeline(ctx);
  await runtime.startWorkers();
  log.info({ workers: config.SESSION_WORKERS, storage: runtime.store.kind }, 'analysis worker started');

  const shutdown = async () => {
    await runtime.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
