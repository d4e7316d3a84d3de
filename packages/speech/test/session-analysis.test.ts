import type { SessionMetrics } from '@agaton/contracts';
import { sessionAnalysisSchema, sessionSpeechSchema, timedWordSchema } from '@agaton/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { toSessionAnalysis, toSessionSpeech } from '../src/adapters/session.ts';
import { movingTypeTokenRatio } from '../src/adapters/session-metrics.ts';
import { createEngine } from '../src/analyze.ts';
import type { SpeechAnalysis } from '../src/types.ts';
import { meetingPcm, meetingWav } from './meeting-audio.ts';

let analysis: SpeechAnalysis;
let result: ReturnType<typeof toSessionAnalysis>;
let metrics: SessionMetrics;

beforeAll(async () => {
  const engine = await createEngine();
  try {
    analysis = await engine.analyze({ audio: meetingWav(), task: 'meeting' });
  } finally {
    engine.dispose();
  }
  result = toSessionAnalysis(analysis);
  metrics = result.metrics;
}, 180_000);

describe('toSessionAnalysis on a real meeting analysis', () => {
  it('is what the contract says the API stores (the worker boundary parses it)', () => {
    expect(sessionAnalysisSchema.parse(result)).toEqual(result);
    // A figure the engine left out is refused there, not stored.
    const { total: _total, ...withoutTotal } = result.metrics;
    expect(sessionAnalysisSchema.safeParse({ ...result, metrics: withoutTotal }).success).toBe(false);
  });

  it('keeps the session speech the feedback page shows', () => {
    expect(result.speech).toEqual(toSessionSpeech(analysis));
    expect(sessionSpeechSchema.parse(result.speech)).toEqual(result.speech);
  });

  it('times every spoken word and filler, scoring only words scored sound by sound', () => {
    const words = result.words.map((w) => timedWordSchema.parse(w));
    const spoken = analysis.words.filter((w) => w.status !== 'omitted');
    const fillers = analysis.fluency.pauses.filter((e) => e.kind === 'filled-pause');
    expect(words).toHaveLength(spoken.length + fillers.length);
    for (let i = 1; i < words.length; i++) expect(words[i].start).toBeGreaterThanOrEqual(words[i - 1].start);
    for (const w of spoken) {
      const timed = words.find((t) => t.start === w.start && t.word === w.word);
      expect(timed?.score).toBe(w.phones.length > 0 && !w.uncertain ? Math.round(w.score) : null);
    }
    expect(words.some((w) => w.score !== null)).toBe(true);
  });

  it('carries the scores, talk share, rate and fluency counts the engine measured', () => {
    expect(metrics.pronunciation).toBe(analysis.overall.pronunciation);
    expect(metrics.fluency).toBe(analysis.overall.fluency);
    expect(metrics.total).toBe(analysis.overall.total);
    expect(metrics.intelligibility).toBe(analysis.intelligibility.score);
    expect(metrics.wordsSaid).toBe(result.speech.wordsSaid);
    expect(metrics.scoredWords).toBe(analysis.coverage?.scoredWords);
    expect(
      Math.abs(metrics.clarity - 100 * analysis.intelligibility.transcriptConfidence.value),
    ).toBeLessThan(1);
    expect(metrics.durationSeconds).toBeCloseTo(meetingPcm().durationSec, 1);
    // Most of the 48 s is speech; the rest is the 1.2 s and 3 s gaps.
    expect(metrics.speakingSeconds).toBeGreaterThan(25);
    expect(metrics.speakingSeconds).toBeLessThan(metrics.durationSeconds);
    expect(metrics.speakingTimePercentage).toBe(result.speech.speakingTimePercentage);
    expect(metrics.wordsPerMinute).toBe(analysis.fluency.speakingRate.wordsPerMinute);
    const { counts } = analysis.fluency;
    expect(metrics).toMatchObject({
      pauses: counts.pauses,
      longPauses: counts.longPauses,
      silences: counts.silences,
      filledPauses: counts.filledPauses,
      repetitions: counts.repetitions,
      hesitations: counts.hesitations,
      hesitationsAndPausesPerSentence: analysis.fluency.hesitationsAndPausesPerSentence,
      fastWords: analysis.fluency.speakingRate.fastWords,
      slowWords: analysis.fluency.speakingRate.slowWords,
    });
    // The 3 s gap between the two halves is a silence.
    expect(metrics.silences).toBeGreaterThanOrEqual(1);
    expect(metrics.fillers.reduce((n, f) => n + f.count, 0)).toBe(counts.filledPauses);
  });

  it('lists each scored word once with its mean score, challenging at 80 or below', () => {
    const scored = analysis.words.filter(
      (w) => w.phones.length > 0 && !w.uncertain && w.status !== 'omitted',
    );
    expect(metrics.words.length).toBeGreaterThan(5);
    expect(new Set(metrics.words.map((w) => w.normalised)).size).toBe(metrics.words.length);
    expect(metrics.words.reduce((n, w) => n + w.count, 0)).toBe(scored.filter((w) => !w.masked).length);
    for (const w of metrics.words) {
      const own = scored.filter((s) => s.normalised === w.normalised).map((s) => s.score);
      expect(w.count).toBe(own.length);
      expect(Math.abs(w.averageScore - own.reduce((a, b) => a + b, 0) / own.length)).toBeLessThanOrEqual(0.5);
      expect(w.challenging).toBe(w.averageScore <= 80);
    }
    for (let i = 1; i < metrics.words.length; i++)
      expect(metrics.words[i].averageScore).toBeGreaterThanOrEqual(metrics.words[i - 1].averageScore);
  });

  it('lists each sound with its misses and the learner’s own words where it scored low', () => {
    const scored = analysis.words.filter(
      (w) => w.phones.length > 0 && !w.uncertain && w.status !== 'omitted',
    );
    const phones = scored.flatMap((w) => w.phones.map((p) => ({ ...p, word: w.normalised })));
    expect(metrics.phonemes.reduce((n, p) => n + p.count, 0)).toBe(phones.length);
    for (const p of metrics.phonemes) {
      const own = phones.filter((x) => x.phone === p.phone);
      expect(p.count).toBe(own.length);
      expect(p.challengingCount).toBe(own.filter((x) => x.score <= 80).length);
      expect(p.exampleWords.length).toBeLessThanOrEqual(5);
      const low = new Set(own.filter((x) => x.score <= 80).map((x) => x.word));
      for (const word of p.exampleWords) expect(low.has(word)).toBe(true);
      expect(p.exampleWords.length).toBe(Math.min(5, low.size));
    }
    const worst = analysis.pronunciation.mostChallengingPhoneme;
    expect(worst).toBeDefined();
    const metric = metrics.phonemes.find((p) => p.ipa === worst?.ipa);
    expect(metric?.challengingCount).toBe(worst?.count);
    expect(metric?.respelled).toBe(worst?.respelled);
  });

  it('measures vocabulary variety over the words the recogniser was sure of, and only with 50 of them', () => {
    const sure = analysis.words.filter((w) => w.status !== 'omitted' && !w.uncertain);
    expect(metrics.wordVariety).toBe(movingTypeTokenRatio(sure.map((w) => w.normalised)));
    const distinct = Array.from({ length: 60 }, (_, i) => `w${i}`);
    expect(movingTypeTokenRatio(distinct)).toBe(100);
    expect(movingTypeTokenRatio(distinct.slice(0, 49))).toBeNull();
    // The same ten words over and over: 10 types in every window of 50, however long the session.
    const ten = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`);
    expect(movingTypeTokenRatio(ten(100))).toBe(20);
    expect(movingTypeTokenRatio(ten(1000))).toBe(20);
  });

  it('is plain JSON, as stored', () => {
    expect(JSON.parse(JSON.stringify(metrics))).toEqual(metrics);
  });
});
