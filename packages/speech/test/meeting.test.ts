import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisProgress, createEngine, type SpeechEngine } from '../src/analyze.ts';
import { toPcm16k } from '../src/audio/decode.ts';
import { SpeechInputError } from '../src/types.ts';
import { meetingWav } from './meeting-audio.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

let engine: SpeechEngine;
beforeAll(async () => {
  engine = await createEngine();
}, 60_000);
afterAll(() => engine?.dispose());

/** The code of the SpeechInputError a promise rejects with. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpeechInputError);
  return (error as SpeechInputError).code;
}

describe('analyze: progress', () => {
  it('reports decoding, transcribing and scoring of a meeting in order, each from 0 to 1', async () => {
    const events: AnalysisProgress[] = [];
    const analysis = await engine.analyze({
      audio: meetingWav(),
      task: 'meeting',
      onProgress: (p) => events.push(p),
    });
    expect(analysis.words.length).toBeGreaterThan(10);

    const stages = events.map((e) => e.stage).filter((s, i, all) => s !== all[i - 1]);
    expect(stages).toEqual(['decoding', 'transcribing', 'scoring']);
    for (const stage of stages) {
      const fractions = events.filter((e) => e.stage === stage).map((e) => e.fraction);
      expect(fractions[0]).toBe(0);
      expect(fractions.at(-1)).toBe(1);
      expect(fractions.length).toBeLessThanOrEqual(101);
      for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThan(fractions[i - 1]);
      // Something between the ends: the WAV is decoded in chunks, the speech recognised in two
      // segments and scored in several chunks.
      expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    }
  }, 180_000);

  it('reports a reading as decoding then scoring, and works without a listener', async () => {
    const events: AnalysisProgress[] = [];
    const input = {
      audio: fixture('good-reading.wav'),
      task: 'reading' as const,
      referenceText: 'The good thing is that we can see the game.',
    };
    const withListener = await engine.analyze({ ...input, onProgress: (p) => events.push(p) });
    expect(events.map((e) => e.stage).filter((s, i, all) => s !== all[i - 1])).toEqual([
      'decoding',
      'scoring',
    ]);
    expect(events.filter((e) => e.stage === 'scoring').map((e) => e.fraction)).toEqual([0, 1]);
    expect(await engine.analyze(input)).toEqual(withListener);
  }, 60_000);
});

describe('analyze: maxSec', () => {
  it('refuses a file whose header declares more than maxSec before decoding it', async () => {
    const events: AnalysisProgress[] = [];
    const code = await refusal(
      engine.analyze({ audio: meetingWav(), task: 'meeting', maxSec: 20, onProgress: (p) => events.push(p) }),
    );
    expect(code).toBe('TOO_LONG');
    // Refused on the declared length: no decoded chunk was reported.
    expect(events).toEqual([{ stage: 'decoding', fraction: 0 }]);
  });

  it('stops decoding a recording without a duration header once it passes maxSec', async () => {
    // MediaRecorder-style WebM/Opus of 4 s with no Duration element.
    expect(
      await refusal(engine.analyze({ audio: fixture('good-reading.webm'), task: 'meeting', maxSec: 2 })),
    ).toBe('TOO_LONG');
    const ok = await engine.analyze({
      audio: fixture('good-reading.webm'),
      task: 'reading',
      referenceText: 'The good thing is that we can see the game.',
      maxSec: 5,
    });
    expect(ok.durationSec).toBeGreaterThan(3.5);
  }, 60_000);

  it('bounds decoded PCM the same way, and never loosens the task limit', async () => {
    const pcm = toPcm16k(new Float32Array(16000 * 121));
    expect(await refusal(engine.analyze({ audio: pcm, task: 'meeting', maxSec: 60 }))).toBe('TOO_LONG');
    // Reading allows 120 s: a larger maxSec does not raise that.
    expect(
      await refusal(engine.analyze({ audio: pcm, task: 'reading', referenceText: 'hi', maxSec: 600 })),
    ).toBe('TOO_LONG');
    await expect(engine.analyze({ audio: pcm, task: 'meeting', maxSec: 0 })).rejects.toThrow(TypeError);
  });
});
