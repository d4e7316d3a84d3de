import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freeSpeechResponseSchema } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixture, multipart } from './scoring.test-helper.ts';

/** The words an OpenAI-compatible speech server on loopback says it heard (its verbose_json). */
const HEARD = ['every', 'morning', 'I', 'read', 'the', 'news', 'before', 'work'];

describe('an OpenAI-compatible recogniser set in the configuration', () => {
  let server: Server;
  let requests = 0;
  let t: TestApp;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume();
      req.on('end', () => {
        const words = HEARD.map((word, i) => ({ word, start: 0.5 + i * 0.4, end: 0.8 + i * 0.4 }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ task: 'transcribe', duration: 4, text: HEARD.join(' '), words }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Only the validated configuration names the server: the workers must not need process.env.
    expect(process.env.ASR_BASE_URL).toBeUndefined();
    t = await createTestApp({ ASR_BASE_URL: baseUrl, SCORING_FREE_SPEECH_TIMEOUT_SECONDS: '120' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('is what the analysis workers transcribe a free answer with', async () => {
    const body = multipart(
      { question: 'Describe a normal working day' },
      { filename: 'a.webm', contentType: 'audio/webm', data: fixture('free-answer.webm') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/score/public/free-speech',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(requests).toBeGreaterThan(0);
    expect(freeSpeechResponseSchema.parse(res.json()).transcript.toLowerCase()).toContain(
      'every morning i read the news',
    );
  }, 120_000);

  it('refuses a setting that is not a URL at start', async () => {
    await expect(createTestApp({ ASR_BASE_URL: 'not a url' })).rejects.toThrow(/ASR_BASE_URL/);
  });
});
