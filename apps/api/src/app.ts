import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { healthResponseSchema } from '@agaton/contracts';
import type { Database } from '@agaton/db';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env.ts';
import { AppError } from './lib/app-error.ts';
import type { AppContext } from './lib/context.ts';
import { loggerOptions, requestIdFrom } from './lib/logging.ts';
import { embeddedTransport, Mailer, type MailTransport } from './lib/mailer.ts';
import { typed } from './lib/route-kit.ts';
import { AccessTokens } from './lib/tokens.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { appUserRoutes } from './modules/app-user/index.ts';
import { articlesRoutes } from './modules/articles/index.ts';
import { assistantRoutes } from './modules/assistant/index.ts';
import { authRoutes, RevocationList } from './modules/auth/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { challengeRoutes } from './modules/challenge/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { coachingReportsRoutes } from './modules/coaching-reports/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { insightsRoutes } from './modules/insights/index.ts';
import { oauthRoutes } from './modules/oauth/index.ts';
import { orgRoutes } from './modules/org/index.ts';
import { createPipeline } from './modules/pipeline/index.ts';
import {
  qaAgentRoutes,
  qaCallsRoutes,
  qaDashboardRoutes,
  qaReviewsRoutes,
  qaScorecardsRoutes,
} from './modules/qa/index.ts';
import { assessmentRoutes, recruitmentAdminRoutes } from './modules/recruitment/index.ts';
import { createScoringRuntime, scoringModule } from './modules/scoring/index.ts';
import { sessionsRoutes } from './modules/sessions/index.ts';
import { trainingRoutes } from './modules/training/index.ts';
import { trainingInsightsRoutes } from './modules/training-insights/index.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerBodyDeadline, registerEarlyClose, timeoutOptions } from './plugins/slow-clients.ts';
import { registerRobots, serveSpa } from './plugins/web-delivery.ts';
import { createBillingProvider } from './providers/billing/create-provider.ts';
import { smtpTransport } from './providers/mail/smtp.ts';
import type { PdfRenderer } from './providers/pdf/pdf-renderer.ts';
import { connectRedis } from './providers/redis/redis.ts';
import type { ObjectStore } from './providers/storage/object-store.ts';
import { seedDemoEnglishTest } from './seed/demo-english-test.ts';
import { ensureDemoPracticeTopic, seedDemoPractice } from './seed/demo-practice.ts';
import { seedDemoQa, seedDemoQaReviews } from './seed/demo-qa.ts';
import { seedDemoSessions } from './seed/demo-sessions.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Overrides the transport chosen from SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** Built SPA to serve with index.html fallback; skipped when the folder does not exist. */
  webDistDir?: string;
  /** Fastify logger: false for none; a level (and a stream, for tests that read the log); default LOG_LEVEL. */
  logger?: false | { level: string; stream?: DestinationStream };
  /** Overrides the object store chosen from S3_BUCKET (tests). */
  objectStore?: ObjectStore;
  /** Overrides the Chromium report printer (tests point one at their own page server). */
  pdfRenderer?: PdfRenderer;
  /** Analyse uploaded sessions in this process (the server does when ANALYSIS_IN_API is on). */
  analysisWorkers?: boolean;
  /**
   * Upload the demo coach's recordings for analysis when they have no sessions yet, and have the demo
   * candidate take the English test (both through the real pipeline).
   */
  seedDemoSessions?: boolean;
}

/** Builds the whole HTTP app (API + optional SPA) without listening, so tests can use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.logger?.level ?? config.LOG_LEVEL, options.logger?.stream),
    // The access log (plugins/access-log.ts) is the one line per request, with this id.
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...timeoutOptions(config),
    // Fastify's two lines per request are replaced by the one access-log line.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerAccessLog(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerEarlyClose(app);
  registerBodyDeadline(app, config);

  const transport =
    options.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : embeddedTransport(app.log));
  const ctx: AppContext = {
    db,
    config,
    tokens: new AccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: new Mailer(db, transport, config.MAIL_FROM, app.log, { keepSecrets: config.MAIL_OUTBOX_VIEWER }),
    log: app.log,
    redis: config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined,
  };
  const { redis } = ctx;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  ctx.tokens.revocations = new RevocationList(db, config.ACCESS_TOKEN_TTL_SECONDS);
  // E-mails still being recorded or delivered in the background get a few seconds to finish.
  app.addHook('onClose', () => ctx.mailer.close());

  // The object store, the job queue and the analysis workers of sessions and QA.
  const pipeline = createPipeline(ctx, { store: options.objectStore });
  // One analysis pool and TTS for the demo scoring and the English test.
  const scoring = await createScoringRuntime(config, app.log);
  app.addHook('onClose', () => scoring.close());
  app.addHook('onClose', () => pipeline.close());
  if (options.analysisWorkers) await pipeline.startWorkers();
  if (options.seedDemoSessions) {
    const seeded = await seedDemoSessions(ctx, pipeline);
    if (seeded) app.log.info({ sessions: seeded }, 'demo sessions uploaded for analysis');
    // The demo practice topic before anyone reads the content (decision 018); its scoring comes later.
    await ensureDemoPracticeTopic(ctx);
    // Scorecards and calls of the demo agents, answered by the QA workers like any upload (decision 022).
    const calls = await seedDemoQa(ctx, pipeline);
    if (calls) app.log.info({ calls }, 'demo QA calls uploaded for analysis');
    // In the background, once the workers answered them: a reviewer's override and an agent's dispute.
    const demoReviews = new AbortController();
    app.addHook('onClose', async () => demoReviews.abort());
    seedDemoQaReviews(ctx, { signal: demoReviews.signal }).then(
      (reviews) => reviews && app.log.info({ reviews }, 'demo QA reviews added'),
      (error) => app.log.error({ err: error }, 'demo QA reviews failed'),
    );
    // In the background: scoring six readings takes a while and the app answers meanwhile.
    seedDemoEnglishTest(ctx, { scoring, store: pipeline.store })
      .then(
        (done) => done && app.log.info('demo English test taken and scored'),
        (error) => app.log.error({ err: error }, 'demo English test failed'),
      )
      // Then the demo trainees' practice (decision 018): one seed at a time on the shared pool.
      .then(() => seedDemoPractice(ctx, { scoring }))
      .then(
        (attempts) => attempts && app.log.info({ attempts }, 'demo trainees practised'),
        (error) => app.log.error({ err: error }, 'demo practice failed'),
      );
  }

  registerSecurityHeaders(app);
  registerRobots(app);
  await app.register(rateLimit, {
    global: false,
    // Shared by every api process when Redis is configured. Should Redis be down, per-IP limits are
    // skipped rather than failing every request; the per-account sign-in throttle still refuses.
    ...(redis ? { redis, nameSpace: 'agaton:rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please wait ${context.after} and try again.`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Agaton API', version: '0.1.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (the fuzz test walks it); served only where API_DOCS allows.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const limit = { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  await app.register(
    async (api) => {
      typed(api).get(
        '/health',
        { schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
        async () => {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const };
        },
      );
      // Every route module is a Fastify plugin registered here with its options, since only a plugin
      // keeps what a module adds to its scope (the multipart parser, scoring's upload slots, billing's
      // raw webhook body) to its own routes; a plain `xRoutes(api, ctx)` call would leak them to all.
      api.register(authRoutes, { ctx, limit });
      api.register(appUserRoutes, { ctx, limit });
      api.register(adminRoutes, { ctx, limit });
      api.register(orgRoutes, { ctx });
      api.register(challengeRoutes, { ctx, limit, listening: scoring.tts !== null });
      api.register(assessmentRoutes, { ctx, scoring, store: pipeline.store });
      api.register(oauthRoutes, { ctx, limit });
      api.register(scoringModule, { tokens: ctx.tokens, settings: config, runtime: scoring });
      api.register(trainingRoutes, { ctx, scoring });
      api.register(sessionsRoutes, { ctx, runtime: pipeline });
      api.register(billingRoutes, { ctx, provider: createBillingProvider(db, config) });
      api.register(coachingReportsRoutes, { ctx });
      api.register(assistantRoutes, { ctx });
      api.register(insightsRoutes, { ctx });
      api.register(trainingInsightsRoutes, { ctx });
      api.register(qaDashboardRoutes, { ctx });
      api.register(qaReviewsRoutes, { ctx });
      api.register(qaAgentRoutes, { ctx });
      api.register(qaCallsRoutes, { ctx, store: pipeline.store, jobs: pipeline.qaJobs });
      api.register(qaScorecardsRoutes, { ctx, store: pipeline.store, jobs: pipeline.qaJobs });
      api.register(articlesRoutes, { ctx });
      api.register(chatRoutes, { ctx });
      api.register(recruitmentAdminRoutes, { ctx, pdfRenderer: options.pdfRenderer });
      if (config.MAIL_OUTBOX_VIEWER) api.register(devRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  if (options.webDistDir && existsSync(join(options.webDistDir, 'index.html'))) {
    await serveSpa(app, options.webDistDir);
  } else {
    app.setNotFoundHandler(() => {
      throw new AppError('NOT_FOUND');
    });
  }
  return app;
}
