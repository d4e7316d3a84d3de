import { describe, expect, it } from 'vitest';
import { NO_PROBABILITY_CONFIDENCE } from '../src/asr/index.ts';
import { wordsFromSherpaResult } from '../src/asr/sherpa-words.ts';

// Results in the shape sherpa-onnx's OfflineRecognitionResult::AsJsonString prints for each family
// (the runtime path itself is covered by asr-sherpa.test.ts on the tiny model).

describe('wordsFromSherpaResult', () => {
  it('joins transducer tokens into words, with times and exp(mean log-prob) as confidence', () => {
    const words = wordsFromSherpaResult(
      {
        text: ' after early nightfall um the',
        tokens: [' after', ' early', ' night', 'fall', ' um', ' the'],
        timestamps: [0.2, 0.6, 1.0, 1.28, 1.9, 2.6],
        ys_log_probs: [-0.01, -0.2, -0.1, -0.5, -0.3, -2.0],
      },
      [
        { start: 0.15, end: 1.6 },
        { start: 1.85, end: 2.2 },
        { start: 2.55, end: 2.9 },
      ],
      3,
    );
    expect(words.map((w) => w.text)).toEqual(['after', 'early', 'nightfall', 'um', 'the']);
    expect(words.map((w) => w.start)).toEqual([0.2, 0.6, 1.0, 1.9, 2.6]);
    // Bounded by the next word, then by the end of the voiced stretch holding the last token.
    expect(words.map((w) => w.end)).toEqual([0.6, 1.0, 1.6, 2.2, 2.9]);
    expect(words[0].confidence).toBeCloseTo(Math.exp(-0.01), 6);
    expect(words[2].confidence).toBeCloseTo(Math.exp(-0.3), 6);
    expect(words[4].confidence).toBeCloseTo(Math.exp(-2), 6);
    expect(words[3].filler).toBe(true);
  });

  it('spreads Moonshine words (no times, no probabilities) over the voiced stretches', () => {
    const words = wordsFromSherpaResult(
      { text: ' Hello, world.', tokens: [' Hello', ',', ' world', '.'], timestamps: [], ys_log_probs: [] },
      [
        { start: 1, end: 1.5 },
        { start: 2, end: 2.5 },
      ],
      3,
    );
    expect(words.map((w) => w.text)).toEqual(['hello', 'world']);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [1, 1.5],
      [2, 2.5],
    ]);
    expect(words.every((w) => w.confidence === NO_PROBABILITY_CONFIDENCE)).toBe(true);
  });

  it("takes Whisper's segments when there are no token times, and drops special tokens", () => {
    const words = wordsFromSherpaResult(
      {
        text: ' Yes. No way.',
        tokens: ['<|startoftranscript|>', ' Yes', '.', ' No', ' way', '.'],
        segment_timestamps: [0, 2],
        segment_durations: [1, 1],
        segment_texts: [' Yes.', ' No way.'],
      },
      [{ start: 0, end: 3 }],
      3,
    );
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['yes', 0, 1],
      ['no', 2, 2.333],
      ['way', 2.333, 3],
    ]);
  });

  it('falls back to the text when a model gives no tokens, and returns nothing for nothing', () => {
    expect(
      wordsFromSherpaResult({ text: 'good morning' }, [], 2).map((w) => [w.text, w.start, w.end]),
    ).toEqual([
      ['good', 0, 0.727],
      ['morning', 0.727, 2],
    ]);
    expect(wordsFromSherpaResult({ text: '', tokens: [], timestamps: [] }, [], 2)).toEqual([]);
  });
});
