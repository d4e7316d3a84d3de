import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TONES_HZ, tinyTokensTxt } from '../scripts/tiny-asr-model.ts';
import { tinyTransducerFiles } from '../scripts/tiny-asr-transducer.ts';
import { createRecogniser, detectSherpaModel } from '../src/asr/index.ts';
import { toneClip } from './asr-sherpa-tones.ts';

// The tone classifier as a transducer (scripts/tiny-asr-transducer.ts, ~2.5 KB in three graphs),
// found by its file names like a published zipformer archive. Its greedy search reports each
// token's log-probability, so this is where word confidences come from the model itself.
const DIR = fileURLToPath(new URL('./fixtures/tiny-asr-transducer/', import.meta.url));
const YES = TONES_HZ['▁yes'];
const NO = TONES_HZ['▁no'];
const T = TONES_HZ.t;

describe('SherpaOnnxRecogniser on a transducer (real sherpa-onnx runtime)', () => {
  const recogniser = createRecogniser({ ASR_MODEL_DIR: DIR });

  it('is exactly what scripts/build-tiny-asr-model.ts builds, and is found by its file names', () => {
    for (const [name, bytes] of Object.entries(tinyTransducerFiles())) {
      expect(readFileSync(join(DIR, name)).equals(bytes)).toBe(true);
    }
    expect(readFileSync(join(DIR, 'tokens.txt'), 'utf8')).toBe(tinyTokensTxt());
    expect(detectSherpaModel(DIR).type).toBe('transducer');
  });

  it('turns token probabilities into word confidences: sure for a clear tone, less so at a blurred edge', async () => {
    const t = await recogniser.transcribe(
      toneClip([
        [0.5, 0],
        [0.6, YES],
        [0.5, 0],
        [0.6, NO],
        [0.3, T],
        [0.6, 0],
      ]),
    );
    expect(t.engine).toBe('sherpa-onnx:transducer:tiny-asr-transducer');
    expect(t.words.map((w) => w.text)).toEqual(['yes', 'not']);
    expect(t.words[0].start).toBeCloseTo(0.52, 2);
    expect(t.words[1].start).toBeCloseTo(1.64, 2);
    // "yes" is a clean tone: p ≈ 1. "not" = "▁no" (clean) + "t", emitted on the frame where the
    // 300 Hz tone turns into 1 kHz and both are heard: the word's geometric mean drops.
    expect(t.words[0].confidence).toBeGreaterThan(0.99);
    expect(t.words[1].confidence).toBeGreaterThan(0.5);
    expect(t.words[1].confidence).toBeLessThan(0.9);
  });

  it('gives a fainter word a lower confidence', async () => {
    const confidenceAt = async (amplitude: number) => {
      const t = await recogniser.transcribe(
        toneClip([
          [0.5, 0],
          [0.6, NO, amplitude],
          [0.5, 0],
        ]),
      );
      expect(t.text).toBe('no');
      return t.words[0].confidence;
    };
    const loud = await confidenceAt(0.3);
    const soft = await confidenceAt(0.05);
    const faint = await confidenceAt(0.02);
    expect(loud).toBeGreaterThan(soft);
    expect(soft).toBeGreaterThan(faint);
    expect(faint).toBeGreaterThan(0.3);
    expect(faint).toBeLessThan(0.8);
    // Fainter still, the tone stays below the blank: nothing is heard.
    const silent = await recogniser.transcribe(
      toneClip([
        [0.5, 0],
        [0.6, NO, 0.005],
        [0.5, 0],
      ]),
    );
    expect(silent.words).toEqual([]);
  });
});
