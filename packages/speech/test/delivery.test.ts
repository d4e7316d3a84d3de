import { join } from 'node:path';
import { freeSpeechResponseSchema } from '@agaton/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATASET_AVAILABLE,
  FIXTURE_DIR,
  loadScores,
  needsDataset,
  readWav16k,
  TRAIN_AVAILABLE,
} from '../calibration/dataset.ts';
import { toFreeSpeechResponse } from '../src/adapters/demo.ts';
import { createEngine, type SpeechEngine } from '../src/analyze.ts';
import { detectVoice } from '../src/audio/vad.ts';
import {
  assessDelivery,
  type DeliveryModel,
  deliveryScores,
  loadDeliveryModel,
} from '../src/delivery/assess.ts';
import { addRecording, deliveryFeatures, emptyDeliveryStats } from '../src/delivery/features.ts';
import { phoneSegments } from '../src/delivery/phone-segments.ts';
import { type PhonePosteriors, sharedPosteriorComputer } from '../src/posteriors/index.ts';
import type { Pcm16k, RecognisedWord } from '../src/types.ts';

const model = loadDeliveryModel() as DeliveryModel;
const fixtures = loadScores(FIXTURE_DIR);

/** Fixture recordings one after another, 0.5 s of silence apart (an answer of several sentences). */
function answerOf(ids: string[]): Pcm16k {
  const parts = ids.map((id) => {
    const utt = fixtures.find((u) => u.id === id);
    if (!utt) throw new Error(`fixture ${id} missing`);
    return readWav16k(join(FIXTURE_DIR, utt.wav)).samples;
  });
  const gap = 8000;
  const samples = new Float32Array(parts.reduce((n, p) => n + p.length + gap, -gap));
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length + gap;
  }
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

/** Posteriors over 3 phones in which frame t favours `best[t]` (log posterior −0.1, others −3). */
function posteriorsFavouring(best: number[]): PhonePosteriors {
  const n = 3;
  const logPost = new Float32Array(best.length * n).fill(-3);
  best.forEach((p, t) => {
    logPost[t * n + p] = -0.1;
  });
  return {
    phones: ['AA', 'B', 'SIL'],
    nFrames: best.length,
    frameRate: 100,
    senoneLogLik: new Float32Array(0),
    nCiSenones: 0,
    logLik: logPost,
    logPost,
  };
}

describe('the free phone decoding of the posteriors', () => {
  it('cuts the frames into the phones they favour, and a one-frame blip is not a phone', () => {
    const best = [...Array(10).fill(0), 1, ...Array(9).fill(0), ...Array(10).fill(1)];
    const segments = phoneSegments(posteriorsFavouring(best));
    expect(segments.map((s) => [s.phone, s.start, s.frames])).toEqual([
      [0, 0, 20],
      [1, 20, 10],
    ]);
    expect(segments[1].lpp).toBeCloseTo(-0.1, 5);
    expect(segments[1].margin).toBeCloseTo(2.9, 5);
  });
});

describe('delivery features', () => {
  it('tell closures, pauses and breaks apart, and time only what is spoken', () => {
    const voiced = [
      { start: 0, end: 1 },
      { start: 1.1, end: 2 }, // 0.1 s closure
      { start: 2.5, end: 3 }, // 0.5 s pause
      { start: 5, end: 6 }, // 2 s break: not timed
    ];
    const x = deliveryFeatures(addRecording(emptyDeliveryStats(), [], ['AA'], voiced));
    expect(x.pauseRate).toBeCloseTo(1 / 3.4, 5);
    expect(x.pauseSec).toBeCloseTo(0.5, 5);
    expect(x.speechShare).toBeCloseTo(3.4 / 4, 5);
    expect(x.stretchSec).toBeCloseTo(3.4 / 2, 5);
  });

  it('count only the phones heard inside voiced speech', () => {
    const segments = [
      { phone: 0, start: 0, frames: 50, lpp: -1, margin: 1 },
      { phone: 1, start: 200, frames: 50, lpp: -2, margin: -1 },
    ];
    const x = deliveryFeatures(
      addRecording(emptyDeliveryStats(), segments, ['AA', 'B'], [{ start: 0, end: 1 }]),
    );
    expect(x.lpp).toBe(-1);
    expect(x.unclearShare).toBe(0);
    expect(x.phoneRate).toBe(2);
  });
});

describe('the delivery of an answer, from its speech alone', { timeout: 120_000 }, () => {
  const fluent = answerOf(['010270301', '010270306', '010270356']); // experts 8–9 of 10
  const weak = answerOf(['096190011', '096190011', '096190011']); // experts 3 of 10, fluency 5

  it('ranks a speaker the experts rate 8–9 above one they rate 3, in pronunciation and fluency', () => {
    const a = assessDelivery(fluent, detectVoice(fluent), sharedPosteriorComputer(), model);
    const b = assessDelivery(weak, detectVoice(weak), sharedPosteriorComputer(), model);
    expect(a.pronunciation).toBeGreaterThan(b.pronunciation + 15);
    expect(a.fluency).toBeGreaterThan(b.fluency + 15);
    expect(b.pronunciation).toBeLessThan(50);
  });

  it('reads no more speech than it is allowed (a meeting reads its first minutes)', () => {
    const a = assessDelivery(fluent, detectVoice(fluent), sharedPosteriorComputer(), model, 2);
    expect(a.speechSec).toBeGreaterThan(0);
    expect(a.speechSec).toBeLessThan(detectVoice(fluent).reduce((s, v) => s + v.end - v.start, 0));
  });

  it('scores nothing heard as 0', () => {
    const silence: Pcm16k = { samples: new Float32Array(16000), sampleRate: 16000, durationSec: 1 };
    expect(assessDelivery(silence, [], sharedPosteriorComputer(), model)).toMatchObject({
      pronunciation: 0,
      fluency: 0,
      speechSec: 0,
    });
  });
});

describe('a free answer through the engine', { timeout: 120_000 }, () => {
  let engine: SpeechEngine;
  // The recogniser was sure of none of its words: the scores must still come from the speech.
  const unsure: RecognisedWord[] = 'then he returned to her and demanded something to eat'
    .split(' ')
    .map((text, i) => ({ text, start: 0.5 + 0.3 * i, end: 0.75 + 0.3 * i, confidence: 0.1 }));
  beforeAll(async () => {
    engine = await createEngine({
      recogniser: {
        transcribe: async () => ({
          words: unsure,
          text: unsure.map((w) => w.text).join(' '),
          engine: 'fake',
        }),
      },
    });
  }, 120_000);
  afterAll(() => engine?.dispose());

  it('takes pronunciation and fluency from all of the speech, and says so', async () => {
    const pcm = answerOf(['010270301', '010270306', '010270356']);
    const a = await engine.analyze({ audio: pcm, task: 'free-speech' });
    const expected = assessDelivery(pcm, detectVoice(pcm), sharedPosteriorComputer(), model);
    expect(a.overall.pronunciation).toBe(expected.pronunciation);
    expect(a.overall.fluency).toBe(expected.fluency);
    expect(a.overall.pronunciation).toBeGreaterThan(0);
    expect(a.pronunciation.explanation).toMatch(
      /^Pronunciation \d+% is judged from all \d+ s of speech: how clearly it matched English sounds, with its pace and pauses\. The recogniser was not sure of any of the \d+ words it heard, so none was scored on its own\.$/,
    );
    // Intelligibility is the speaker's, not the recogniser's failure (it was sure of no word).
    expect(a.intelligibility.score).toBe(expected.pronunciation);
    expect(a.intelligibility.explanation).toMatch(
      /^Intelligibility \d+: judged from how clearly all \d+ s of speech matched English sounds, with its pace and pauses\. The recogniser was unsure of 10 of 10 words \(low transcript confidence, 0\.10\), so its transcript is approximate\.$/,
    );
    expect(a.overall.explanation).toMatch(
      /The recogniser was not sure of 10 of 10 words, so its transcript is approximate; the scores are judged from the speech itself\.$/,
    );
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(a));
    expect(response.assessment.pronunciation.score).toBe(expected.pronunciation);
  });
});

describe('the committed delivery model', () => {
  // Needs the dev set's and the train split's labels (the committed cache holds only the evidence).
  it.skipIf(!DATASET_AVAILABLE || !TRAIN_AVAILABLE)(
    needsDataset(
      'reproduces the in-sample figures it was fitted with (the committed weights are the fitted ones)',
    ),
    async () => {
      const { loadAnswers, inSampleFigures } = await import('../calibration/delivery-lib.ts');
      const { answers, devAnswers } = loadAnswers();
      const fitted = model.fittedOn as { inSample: ReturnType<typeof inSampleFigures> };
      expect(inSampleFigures(model, answers, devAnswers)).toEqual(fitted.inSample);
      expect(deliveryScores(model, answers[0].x).pronunciation).toBeGreaterThanOrEqual(0);
    },
    120_000,
  );
});
