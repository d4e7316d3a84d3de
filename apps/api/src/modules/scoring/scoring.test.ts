import { demoReadingResponseSchema, freeSpeechResponseSchema, SCORING_LIMITS } from '@agaton/contracts';
import { wav16kMono } from '@agaton/speech';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { AccessTokens } from '../../lib/tokens.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { candidateAuthenticator } from './candidate-auth.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { datasetWav, fixture, multipart } from './scoring.test-helper.ts';
import { ENGINE_LIMITS, SCORING_TEXTS as T } from './scoring.texts.ts';

const SENTENCE = 'Then he returned to her and demanded something to eat';

describe('scoring API on the real engine', () => {
  let app: FastifyInstance;
  let pool: AnalysisPool;
  let candidateToken: string;
  let userToken: string;
  const tokens = new AccessTokens('test-secret-for-scoring', 900);

  beforeAll(async () => {
    candidateToken = await tokens.sign({
      sub: '00000000-0000-4000-8000-0000000000c1',
      kind: 'candidate',
      realm: 'whiskey',
    });
    userToken = await tokens.sign({
      sub: '00000000-0000-4000-8000-0000000000a1',
      kind: 'user',
      realm: 'whiskey',
    });
    pool = new AnalysisPool({
      size: 1,
      maxQueue: 8,
      limits: ENGINE_LIMITS,
    });
    await pool.warm();
    app = Fastify();
    registerErrorHandling(app);
    await app.register(scoringRoutes, {
      prefix: '/api',
      pool,
      authenticateCandidate: candidateAuthenticator(tokens),
      // The machine is shared with other jobs: allow more than the product's deadlines.
      timeoutsMs: { reading: 120_000, 'free-speech': 180_000 },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await pool.close();
  });

  const post = (url: string, body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });

  it('scores a dataset WAV read by a learner, word by word', async () => {
    const body = multipart(
      { target_phrase: SENTENCE },
      { filename: 'r.wav', contentType: 'audio/wav', data: datasetWav('010270306') },
    );
    const res = await post('/api/score/public/phrase', body);
    expect(res.statusCode).toBe(200);
    const json = demoReadingResponseSchema.parse(res.json());
    expect(json.word_scores.map((w) => w.word_normalised)).toEqual(SENTENCE.toLowerCase().split(' '));
    expect(json.assessment.overall_score).toBeGreaterThan(50);
    expect(json.assessment.content?.score).toBeGreaterThan(80);
    expect(json.assessment.transcriptConfidence.humanizedValue).toMatch(/High|Medium|Low/);
  }, 60_000);

  it('scores a webm/opus recording encoded the way a browser records', async () => {
    const body = multipart(
      { target_phrase: SENTENCE },
      { filename: 'recording.webm', contentType: 'audio/webm;codecs=opus', data: fixture('reading.webm') },
    );
    const res = await post('/api/score/public/phrase', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().word_scores).toHaveLength(10);
  }, 60_000);

  it('transcribes and scores a free answer with the NLP assessment', async () => {
    const body = multipart(
      { question: 'Tell us about your family and your home.', includeNarrative: 'true' },
      { filename: 'answer.webm', contentType: 'audio/webm', data: fixture('free-answer.webm') },
    );
    const res = await post('/api/score/public/free-speech', body);
    expect(res.statusCode).toBe(200);
    const json = freeSpeechResponseSchema.parse(res.json());
    expect(json.transcript.split(' ').length).toBeGreaterThan(10);
    expect(json.nlp_assessment.cefr_stats.word_count).toBeGreaterThan(10);
    expect(json.assessment.fluency.speech_rate_experimental).toBeGreaterThan(60);
    // As long as the deadline given to the routes above: a test that gave up earlier left the job
    // running in the one-worker pool, and the next tests timed out queued behind it (fresh-clone CI on
    // a slow machine, 2 of 3 runs).
  }, 180_000);

  it.each([
    ['corrupt.webm', 'audio/webm', 422, T.corrupt],
    ['garbage.webm', 'audio/webm', 415, T.unsupported],
    ['not-audio.txt', 'text/plain', 415, T.unsupported],
    ['short.wav', 'audio/wav', 422, T.tooShort(0.5)],
  ])(
    'refuses %s (%s) with %s and a clear message',
    async (name, type, status, message) => {
      const body = multipart(
        { target_phrase: SENTENCE },
        { filename: name, contentType: type, data: fixture(name) },
      );
      const res = await post('/api/score/public/phrase', body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
    },
    30_000,
  );

  it('refuses a reading longer than 30 s with 413', async () => {
    // 31 s of 16 kHz mono 16-bit noise: small enough in bytes, too long in time.
    const pcm = Buffer.alloc(31 * 32000);
    for (let i = 0; i < pcm.length; i += 2) pcm.writeInt16LE(Math.round((Math.random() - 0.5) * 2000), i);
    const body = multipart(
      { target_phrase: SENTENCE },
      { filename: 'long.wav', contentType: 'audio/wav', data: wav16kMono(pcm) },
    );
    const res = await post('/api/score/public/phrase', body);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(T.tooLong(30));
  }, 60_000);

  it('refuses an upload over the size limit with 413 and a non-multipart body with 415', async () => {
    const big = multipart(
      { target_phrase: SENTENCE },
      { filename: 'big.wav', contentType: 'audio/wav', data: Buffer.alloc(13 * 1024 * 1024) },
    );
    const res = await post('/api/score/public/phrase', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: T.tooLarge(SCORING_LIMITS.maxUploadBytes),
    });
    const json = await app.inject({ method: 'POST', url: '/api/score/public/phrase', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('needs the target phrase and the question', async () => {
    const audio = { filename: 'r.webm', contentType: 'audio/webm', data: fixture('reading.webm') };
    expect((await post('/api/score/public/phrase', multipart({}, audio))).json().error.message).toBe(
      T.noPhrase,
    );
    expect((await post('/api/score/public/free-speech', multipart({}, audio))).json().error.message).toBe(
      T.noQuestion,
    );
  });

  it('scores a candidate reading with a bearer token and a level, and refuses without one', async () => {
    const body = () =>
      multipart(
        { target_phrase: SENTENCE },
        { filename: 'r.webm', contentType: 'audio/webm', data: fixture('reading.webm') },
      );
    expect((await post('/api/score/phrase?level=LOW', body())).statusCode).toBe(401);
    const asUser = await post('/api/score/phrase?level=LOW', body(), {
      authorization: `Bearer ${userToken}`,
    });
    expect(asUser.statusCode).toBe(401);
    const bad = await post('/api/score/phrase?level=EASY', body(), {
      authorization: `Bearer ${candidateToken}`,
    });
    expect(bad.statusCode).toBe(400);
    const ok = await post('/api/score/phrase?level=MEDIUM', body(), {
      authorization: `Bearer ${candidateToken}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(demoReadingResponseSchema.parse(ok.json()).word_scores).toHaveLength(10);
  }, 60_000);
});
