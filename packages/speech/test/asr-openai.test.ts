import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecogniser, OpenAiRecogniser, PocketSphinxRecogniser } from '../src/asr/index.js';
import { synthesise } from './asr-audio.js';

/** What the server saw of the last request. */
let last: { url?: string; auth?: string; fields: Record<string, string[]>; wav?: Buffer } = { fields: {} };
let reply: unknown;
let status = 200;
let server: Server;
let baseUrl: string;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  // A loopback server speaking the provider's protocol: multipart in, verbose_json out.
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = await new Request('http://x', {
      method: 'POST',
      body,
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    const fields: Record<string, string[]> = {};
    let wav: Buffer | undefined;
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = [...(fields[k] ?? []), v];
      else wav = Buffer.from(await v.arrayBuffer());
    }
    last = { url: req.url, auth: req.headers.authorization, fields, wav };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const VERBOSE = {
  task: 'transcribe',
  language: 'english',
  duration: 2.4,
  text: 'Um, I like tea.',
  words: [
    { word: 'Um', start: 0.1, end: 0.4 },
    { word: 'I', start: 0.6, end: 0.7 },
    { word: 'like', start: 0.7, end: 1.0 },
    { word: 'tea.', start: 1.0, end: 1.5 },
  ],
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 2.4,
      text: ' Um, I like tea.',
      tokens: [50364, 3301, 11, 286, 411, 5817, 13],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 0.8,
      no_speech_prob: 0.01,
    },
  ],
};

describe('OpenAI-compatible recogniser', () => {
  it('posts a 16 kHz WAV with verbose_json and word timestamps, and maps the words', async () => {
    reply = VERBOSE;
    status = 200;
    const audio = synthesise('I like tea.');
    const r = createRecogniser({ ASR_BASE_URL: `${baseUrl}/`, ASR_API_KEY: 'sk-test' });
    expect(r).toBeInstanceOf(OpenAiRecogniser);
    const t = await r.transcribe(audio);

    expect(last.url).toBe('/v1/audio/transcriptions');
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.fields.model).toEqual(['whisper-1']);
    expect(last.fields.response_format).toEqual(['verbose_json']);
    expect(last.fields['timestamp_granularities[]']).toContain('word');
    const wav = last.wav as Buffer;
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect((wav.length - 44) / 2).toBe(audio.samples.length);

    expect(t.text).toBe('um i like tea');
    expect(t.words.map((w) => w.filler ?? false)).toEqual([true, false, false, false]);
    expect(t.words[3]).toMatchObject({ text: 'tea', start: 1, end: 1.5 });
    // No word probabilities on the wire: confidence is exp(avg_logprob) of the segment.
    expect(t.words[1].confidence).toBeCloseTo(Math.exp(-0.2), 5);
  });

  it('uses word probabilities when the server sends them, and the configured model', async () => {
    reply = { ...VERBOSE, words: VERBOSE.words.map((w, i) => ({ ...w, probability: 0.5 + i / 10 })) };
    const r = createRecogniser({ ASR_BASE_URL: baseUrl, ASR_MODEL: 'large-v3' });
    const t = await r.transcribe(synthesise('I like tea.'));
    expect(last.fields.model).toEqual(['large-v3']);
    expect(last.auth).toBeUndefined();
    expect(t.words.map((w) => w.confidence)).toEqual([0.5, 0.6, 0.7, 0.8]);
  });

  it('spreads segment text over the segment when the server gives no word timestamps', async () => {
    reply = {
      text: 'good morning',
      duration: 2,
      segments: [{ start: 1, end: 2, text: ' good morning', avg_logprob: -0.1 }],
    };
    const t = await new OpenAiRecogniser({ baseUrl }).transcribe(synthesise('good morning'));
    expect(t.words.map((w) => w.text)).toEqual(['good', 'morning']);
    expect(t.words[0].start).toBe(1);
    expect(t.words[1].end).toBe(2);
  });

  it('reports a server error instead of returning an empty transcript', async () => {
    reply = { error: { message: 'Invalid file format.' } };
    status = 400;
    await expect(new OpenAiRecogniser({ baseUrl }).transcribe(synthesise('hello'))).rejects.toThrow(/400/);
    status = 200;
  });

  it('falls back to PocketSphinx without ASR_BASE_URL', () => {
    expect(createRecogniser({})).toBeInstanceOf(PocketSphinxRecogniser);
    expect(createRecogniser({ ASR_BASE_URL: '  ' })).toBeInstanceOf(PocketSphinxRecogniser);
  });
});
