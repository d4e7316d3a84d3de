import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { createFliteTts } from '../../providers/tts/flite.ts';
import { type ScoringRoutesOptions, scoringRoutes } from './scoring.routes.ts';
import { fixture, multipart } from './scoring.test-helper.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

// The pool's stand-in worker: never answers a job whose text is 'hang'; no engine needed here.
const workerEntry = new URL('../../jobs/stand-in-worker.fixture.ts', import.meta.url);

describe('scoring limits and sample audio', () => {
  let app: FastifyInstance;
  let pool: AnalysisPool;
  async function start(options: Partial<ScoringRoutesOptions> & { size?: number; maxQueue?: number } = {}) {
    pool = new AnalysisPool({ size: options.size ?? 1, maxQueue: options.maxQueue ?? 0, workerEntry });
    app = Fastify();
    registerErrorHandling(app);
    await app.register(scoringRoutes, { prefix: '/api', pool, ...options });
    await app.ready();
  }
  afterEach(async () => {
    await app.close();
    await pool.close();
  });
  const reading = (phrase: string) =>
    multipart(
      { target_phrase: phrase },
      { filename: 'r.webm', contentType: 'audio/webm', data: fixture('reading.webm') },
    );
  const post = (body: ReturnType<typeof multipart>) =>
    app.inject({
      method: 'POST',
      url: '/api/score/public/phrase',
      payload: body.payload,
      headers: body.headers,
    });

  it('rate-limits the public endpoints per client with 429 and Retry-After', async () => {
    await start({ publicRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const empty = multipart({});
    expect((await post(empty)).statusCode).toBe(400);
    expect((await post(empty)).statusCode).toBe(400);
    const limited = await post(empty);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: T.rateLimited });
  });

  it('answers 503 with Retry-After when the analysis queue is full, without blocking other requests', async () => {
    await start({ size: 1, maxQueue: 0 });
    const stuck = post(reading('hang'));
    // Give the first job time to reach the worker.
    await new Promise((r) => setTimeout(r, 800));
    const busy = await post(reading('second'));
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(busy.json().error).toEqual({ code: 'BUSY', message: T.busy });
    await pool.close();
    expect((await stuck).statusCode).toBe(500);
  });

  it('answers 503 TIMEOUT with Retry-After when the analysis misses its deadline', async () => {
    await start({ size: 1, maxQueue: 0, timeoutsMs: { reading: 300, 'free-speech': 300 } });
    const late = await post(reading('hang'));
    expect(late.statusCode).toBe(503);
    expect(Number(late.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(late.json().error).toEqual({ code: 'TIMEOUT', message: T.timeout });
  });

  it('serves sample answer audio as WAV with flite', async () => {
    await start({ tts: createFliteTts() });
    const res = await app.inject({ url: '/api/google/textToSpeech?text=Hello%20there&country=US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.byteLength).toBeGreaterThan(10_000);
  });

  it('answers 501 without a text-to-speech provider so the browser speaks instead', async () => {
    await start({ tts: null });
    const res = await app.inject({ url: '/api/google/textToSpeech?text=Hello&country=US' });
    expect(res.statusCode).toBe(501);
    expect(res.json().error.message).toBe(T.ttsUnavailable);
  });

  it('answers a repeated or malformed query parameter with 400, never 500 (issue 29)', async () => {
    await start({ tts: null, authenticateCandidate: async () => ({ id: 'candidate-1' }) });
    for (const query of ['text=a&text=b', 'text=a&country=US&country=GB', 'text=', 'country=US']) {
      const res = await app.inject({ url: `/api/google/textToSpeech?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    const body = reading('hello');
    for (const query of ['level=LOW&level=LOW', 'level=EXPERT', 'level[]=LOW', '']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/score/phrase?${query}`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe(`level: ${T.badLevel}`);
    }
  });
});
