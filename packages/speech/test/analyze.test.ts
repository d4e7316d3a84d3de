import { readFileSync } from 'node:fs';
import {
  demoReadingResponseSchema,
  freeSpeechResponseSchema,
  NOT_THE_TEXT,
  sessionSpeechSchema,
  speakingResultsSchema,
} from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDemoReadingResponse, toFreeSpeechResponse } from '../src/adapters/demo.ts';
import { toSessionSpeech, toSpeakingResults } from '../src/adapters/session.ts';
import { createEngine, type SpeechEngine } from '../src/analyze.ts';
import { toPcm16k } from '../src/audio/decode.ts';
import type { ContentAnalysis, Recogniser, SpeechAnalysis } from '../src/types.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const GOOD_TEXT = 'The good thing is that we can see the game.';
const FLITE_TEXT =
  'The weather was nice this morning. We walked to the park near the river. Then we sat down and ate our lunch.';

/** A recogniser that "hears" the flite text, spread over each sentence's voiced stretch. */
const fakeRecogniser: Recogniser = {
  async transcribe() {
    const spans: [string, number, number][] = [
      ['the weather was nice this morning', 0.21, 1.79],
      ['um we walked to the park near the river', 2.87, 4.74],
      ['then we sat down and ate our lunch', 6.04, 8.05],
    ];
    const words = spans.flatMap(([text, from, to]) => {
      const ws = text.split(' ');
      const step = (to - from) / ws.length;
      return ws.map((w, i) => ({
        text: w,
        start: from + i * step,
        end: from + (i + 1) * step,
        confidence: 0.9,
      }));
    });
    return { words, text: words.map((w) => w.text).join(' '), engine: 'fake' };
  },
};

const fakeContent = ({ topic }: { topic?: string }): ContentAnalysis => ({
  rouge1: topic ? 0.25 : null,
  cefr: {
    vocabulary: 'A2',
    grammar: 'B1',
    clearWords: 40,
    vocabularyDistribution: { A1: 0.7, A2: 0.2, B1: 0.1, B2: 0, C1: 0, C2: 0 },
    grammarItems: [],
  },
  wordCount: 21,
  narrative: 'A short account of a day out.',
  score: { score: 60, explanation: 'On topic.' },
});

let engine: SpeechEngine;
let good: SpeechAnalysis;

beforeAll(async () => {
  engine = await createEngine({ recogniser: fakeRecogniser, analyseContent: fakeContent });
  good = await engine.analyze({
    audio: fixture('good-reading.wav'),
    task: 'reading',
    referenceText: GOOD_TEXT,
  });
}, 60_000);
afterAll(() => engine?.dispose());

describe('analyze: reading', () => {
  it('scores a correctly read sentence well above the same audio read against another sentence', async () => {
    const wrong = await engine.analyze({
      audio: fixture('good-reading.wav'),
      task: 'reading',
      referenceText: 'I need to be loved by my mother today.',
    });
    expect(good.words.map((w) => w.word).join(' ')).toBe(GOOD_TEXT.slice(0, -1));
    expect(good.overall.pronunciation - wrong.overall.pronunciation).toBeGreaterThan(30);
    expect(good.overall.total).toBeGreaterThan(wrong.overall.total);
    expect(good.pronunciation.masteredWords.length).toBeGreaterThan(wrong.pronunciation.masteredWords.length);
  });

  it('gives every word phones in ARPAbet without stress, with IPA and a respelling', () => {
    const game = good.words.at(-1);
    expect(game?.phones.map((p) => p.phone)).toEqual(['G', 'EY', 'M']);
    expect(game?.phones[1]).toMatchObject({ ipa: 'eɪ', respelled: '"ay" as in "day"' });
    expect(good.overall.explanation).toMatch(/^Overall \d+/);
  });

  it('reports the inserted one-second silences as long pauses', async () => {
    const a = await engine.analyze({
      audio: fixture('flite-paused.wav'),
      task: 'reading',
      referenceText: FLITE_TEXT,
    });
    const long = a.fluency.pauses.filter((p) => p.end - p.start >= 0.95);
    expect(long).toHaveLength(2);
    expect(long[0].start).toBeCloseTo(1.8, 0);
    expect(long[1].start).toBeCloseTo(4.75, 0);
    expect(a.fluency.counts.longPauses).toBe(2);
  }, 30_000);

  it('reports one-second silences spliced into a learner recording between words', async () => {
    const wav = fixture('good-reading.wav');
    const ints = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength));
    const samples = Float32Array.from(ints, (v) => v / 32768);
    // Cut after "thing" and after "see", where the aligner found the words to end.
    const cuts = [good.words[2].end, good.words[7].end].map((t) => Math.round(t * 16000));
    const second = new Float32Array(16000);
    const parts = [
      samples.subarray(0, cuts[0]),
      second,
      samples.subarray(cuts[0], cuts[1]),
      second,
      samples.subarray(cuts[1]),
    ];
    const spliced = new Float32Array(samples.length + 32000);
    let at = 0;
    for (const p of parts) {
      spliced.set(p, at);
      at += p.length;
    }
    const a = await engine.analyze({ audio: toPcm16k(spliced), task: 'reading', referenceText: GOOD_TEXT });
    const long = a.fluency.pauses.filter((p) => p.kind === 'pause' && p.end - p.start >= 0.9);
    expect(long).toHaveLength(2);
    expect(Math.abs(long[0].start - good.words[2].end)).toBeLessThan(0.15);
    expect(Math.abs(long[1].start - (good.words[7].end + 1))).toBeLessThan(0.15);
    expect(a.fluency.score).toBeLessThan(good.fluency.score);
  }, 30_000);

  it('reports a lower speaking rate for the same reading slowed down', async () => {
    const slow = await engine.analyze({
      audio: fixture('slow-reading.wav'),
      task: 'reading',
      referenceText: GOOD_TEXT,
    });
    expect(good.fluency.speakingRate.wordsPerMinute).not.toBeNull();
    expect(slow.fluency.speakingRate.wordsPerMinute ?? 0).toBeLessThan(
      0.8 * (good.fluency.speakingRate.wordsPerMinute ?? 0),
    );
  }, 30_000);

  it('gives the same output for the same input, from bytes or from PCM', async () => {
    const again = await engine.analyze({
      audio: fixture('good-reading.wav'),
      task: 'reading',
      referenceText: GOOD_TEXT,
    });
    expect(again).toEqual(good);
    const wav = fixture('good-reading.wav');
    const ints = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength));
    const pcm = toPcm16k(Float32Array.from(ints, (v) => v / 32768));
    const fromPcm = await engine.analyze({ audio: pcm, task: 'reading', referenceText: GOOD_TEXT });
    expect(fromPcm.overall.total).toBeCloseTo(good.overall.total, -1);
  }, 30_000);

  it('refuses silent audio with a typed error instead of scoring it', async () => {
    await expect(
      engine.analyze({ audio: fixture('silent.wav'), task: 'reading', referenceText: GOOD_TEXT }),
    ).rejects.toMatchObject({ code: 'SILENT' });
  });

  it('adapts to the demo, session and challenge shapes the API validates', () => {
    const demo = demoReadingResponseSchema.parse(toDemoReadingResponse(good));
    expect(demo.assessment.content?.score).toBe(100);
    expect(demo.word_scores).toHaveLength(10);
    const session = sessionSpeechSchema.parse(toSessionSpeech(good));
    expect(session.subProfiles.intelligibillityProfile?.overallScore).toBe(good.intelligibility.score);
    const blob = speakingResultsSchema.parse(toSpeakingResults(good));
    expect(blob.speakingRate).toBe(good.fluency.speakingRate.wordsPerMinute);
  });
});

describe('analyze: text not read', () => {
  it('scores a reading the aligner cannot place as not read (all words omitted), without throwing', async () => {
    const failing = {
      model: 'en-us-16k' as const,
      align: async () => ({ words: [], silences: [], ok: false }),
      pronounce: () => [],
      dispose: () => {},
    };
    const e = await createEngine({ aligner: failing, recogniser: fakeRecogniser });
    const a = await e.analyze({
      audio: fixture('good-reading.wav'),
      task: 'reading',
      referenceText: 'Hello there.',
    });
    expect(a.words.map((w) => w.status)).toEqual(['omitted', 'omitted']);
    expect(a.overall).toMatchObject({ completeness: 0, total: 0 });
    // Audio the text cannot be placed in is not a reading of it: said so, never blamed on sounds.
    expect(a.readingCheck).toEqual({ matchesText: false });
    expect(a.overall.explanation).toBe(NOT_THE_TEXT);
    expect(toDemoReadingResponse(a).assessment.content?.score).toBe(0);
  });
});

describe('analyze: free speech', () => {
  it('scores what was recognised, counts the filled pause and adds the content analysis', async () => {
    const a = await engine.analyze({
      audio: fixture('flite-paused.wav'),
      task: 'free-speech',
      topic: 'A day out',
    });
    expect(a.transcript).toMatch(/^the weather was nice/);
    expect(a.words.map((w) => w.normalised)).not.toContain('um');
    expect(a.words.every((w) => w.phones.length > 0)).toBe(true);
    expect(a.fluency.counts.filledPauses).toBe(1);
    expect(a.fluency.counts.longPauses).toBe(2);
    expect(a.overall.completeness).toBe(100);
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(a));
    expect(response.nlp_assessment.text_similarity_metrics.rouge1).toBe(0.25);
    expect(response.assessment.cefrEstimation).toEqual({ grammar: 'B1', vocabulary: 'A2' });
  }, 30_000);
});

describe('analyze: meeting', () => {
  it('reports the talk share and scores only a sample of long speech sound by sound', async () => {
    const e = await createEngine({ recogniser: fakeRecogniser, meetingScoredSec: 3 });
    const a = await e.analyze({ audio: fixture('flite-paused.wav'), task: 'meeting' });
    e.dispose();
    // 5.5 s of speech in 8.1 s.
    expect(a.speakingTimePercentage).toBeGreaterThan(60);
    expect(a.speakingTimePercentage).toBeLessThan(75);
    const scored = a.words.filter((w) => w.phones.length > 0);
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.length).toBeLessThan(a.words.length);
    expect(a.content).toBeUndefined();
    expect(toSessionSpeech(a).wordsSaid).toBe(22);
  }, 30_000);
});
