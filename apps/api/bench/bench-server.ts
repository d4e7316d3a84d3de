import Fastify from 'fastify';
import { loadConfig } from '../src/config/env.ts';
import { AccessTokens } from '../src/lib/tokens.ts';
import { scoringModule } from '../src/modules/scoring/scoring.module.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';

export interface BenchServer {
  url: string;
  /** Analysis workers the server runs (SCORING_WORKERS, else one per core). */
  workers: number;
  close: () => Promise<void>;
}

/**
 * The scoring module alone in an in-process server on loopback, with the models loaded and no rate
 * limit, for the scoring benchmarks. Other SCORING_* settings come from the environment.
 */
export async function startScoringServer(): Promise<BenchServer> {
  const secret = 'bench-secret-bench-secret-bench-secret';
  const settings = loadConfig({
    ...process.env,
    JWT_SECRET: secret,
    SCORING_RATE_LIMIT_PER_MINUTE: '1000000',
    SCORING_UPLOADS_PER_CLIENT: '1000000',
    SCORING_WARM: '1',
  });
  const app = Fastify({ logger: { level: 'warn' } });
  registerErrorHandling(app);
  await app.register(scoringModule, { prefix: '/api', tokens: new AccessTokens(secret, 900), settings });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, workers: settings.SCORING_WORKERS, close: () => app.close() };
}
