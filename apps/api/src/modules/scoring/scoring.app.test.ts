import { demoReadingResponseSchema } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixture, multipart } from './scoring.test-helper.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

const SENTENCE = 'Then he returned to her and demanded something to eat';

describe('scoring through the whole app', () => {
  let t: TestApp;
  let tokens: AccessTokens;
  beforeAll(async () => {
    // This machine is shared: give analysis room beyond the 20 s product deadline.
    t = await createTestApp({
      SCORING_READING_TIMEOUT_SECONDS: '120',
      SCORING_UPLOAD_LIMIT_BYTES: String(2 * 1024 * 1024),
    });
    // The same token service the app uses, so these are the tokens POST /api/challenge/auth issues.
    tokens = new AccessTokens(t.config.JWT_SECRET, 900);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const body = () =>
    multipart(
      { target_phrase: SENTENCE },
      { filename: 'r.webm', contentType: 'audio/webm', data: fixture('reading.webm') },
    );

  it('scores a candidate reading with a candidate token and refuses a user token', async () => {
    const candidate = await tokens.sign({
      sub: '00000000-0000-4000-8000-0000000000c1',
      kind: 'candidate',
      realm: 'whiskey',
    });
    const user = await tokens.sign({
      sub: '00000000-0000-4000-8000-0000000000a1',
      kind: 'user',
      realm: 'whiskey',
    });
    const send = (token: string) => {
      const b = body();
      return t.app.inject({
        method: 'POST',
        url: '/api/score/phrase?level=LOW',
        payload: b.payload,
        headers: { ...b.headers, authorization: `Bearer ${token}` },
      });
    };
    const refused = await send(user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    const ok = await send(candidate);
    expect(ok.statusCode).toBe(200);
    expect(demoReadingResponseSchema.parse(ok.json()).word_scores).toHaveLength(10);
  }, 60_000);

  it('takes the upload limit from the configuration', async () => {
    const b = multipart(
      { target_phrase: SENTENCE },
      { filename: 'big.wav', contentType: 'audio/wav', data: Buffer.alloc(3 * 1024 * 1024) },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/score/public/phrase', ...b });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: T.tooLarge(2 * 1024 * 1024) });
  });

  it('limits public scoring per client and says how many requests remain', async () => {
    const b = multipart({});
    const res = await t.app.inject({ method: 'POST', url: '/api/score/public/phrase', ...b });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-ratelimit-limit']).toBe('30');
  });
});
