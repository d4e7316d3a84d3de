import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TONES_HZ, tinyModelBytes, tinyTokensTxt } from '../scripts/tiny-asr-model.ts';
import {
  createRecogniser,
  detectSherpaModel,
  NO_PROBABILITY_CONFIDENCE,
  OpenAiRecogniser,
  SherpaModelError,
  SherpaOnnxRecogniser,
} from '../src/asr/index.ts';
import { toneClip } from './asr-sherpa-tones.ts';

// The tiny model (scripts/tiny-asr-model.ts, ~2 KB) hears tones: ~3 kHz is "▁yes", ~300 Hz "▁no",
// ~1 kHz the suffix "t"; silence is blank. These tests run it through the real sherpa-onnx runtime.
const TINY = fileURLToPath(new URL('./fixtures/tiny-asr/', import.meta.url));

const YES = TONES_HZ['▁yes'];
const NO = TONES_HZ['▁no'];
const T = TONES_HZ.t;

const temps: string[] = [];
function folder(files: string[], manifest?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-asr-'));
  temps.push(dir);
  for (const f of files) writeFileSync(join(dir, f), '');
  if (manifest) writeFileSync(join(dir, 'agaton-asr.json'), JSON.stringify(manifest));
  return dir;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('the tiny test model', () => {
  it('is exactly what scripts/build-tiny-asr-model.ts builds', () => {
    expect(readFileSync(join(TINY, 'model.onnx')).equals(tinyModelBytes())).toBe(true);
    expect(readFileSync(join(TINY, 'tokens.txt'), 'utf8')).toBe(tinyTokensTxt());
    expect(tinyModelBytes().length).toBeLessThan(4096);
  });
});

describe('SherpaOnnxRecogniser (real sherpa-onnx runtime, tiny CTC model)', () => {
  const recogniser = new SherpaOnnxRecogniser({ modelDir: TINY });

  it('decodes words with their times, and a confidence that claims no more than it knows', async () => {
    const clip = toneClip([
      [0.5, 0],
      [0.6, YES],
      [0.5, 0],
      [0.6, NO],
      [0.3, T],
      [0.6, 0],
      [0.6, YES],
      [0.5, 0],
    ]);
    const t = await recogniser.transcribe(clip);
    expect(t.engine).toBe('sherpa-onnx:zipformer-ctc:tiny-asr');
    expect(t.text).toBe('yes not yes');
    expect(t.words.map((w) => w.text)).toEqual(['yes', 'not', 'yes']);
    // Token times come in 40 ms steps (10 ms frames, subsampled 4×): starts within 60 ms of each
    // tone's onset; ends where the voiced stretch ends (tone off at 1.1 s, 2.5 s and 3.7 s).
    const expected = [
      [0.5, 1.1],
      [1.6, 2.5],
      [3.1, 3.7],
    ];
    t.words.forEach((w, i) => {
      expect(w.start).toBeGreaterThanOrEqual(expected[i][0]);
      expect(w.start).toBeLessThan(expected[i][0] + 0.06);
      expect(Math.abs(w.end - expected[i][1])).toBeLessThan(0.06);
      // CTC greedy search reports no token probabilities: the stated "unknown", never "sure".
      expect(w.confidence).toBe(NO_PROBABILITY_CONFIDENCE);
      expect(w.filler).toBeUndefined();
    });
  });

  it('hears nothing in silence and noise', async () => {
    const t = await recogniser.transcribe(toneClip([[3, 0]]));
    expect(t.words).toEqual([]);
    expect(t.text).toBe('');
  });

  it('cuts clips over 28 s at silences and puts the words back on the recording time line', async () => {
    const clip = toneClip([
      [5, 0],
      [0.6, YES],
      [19.4, 0],
      [0.6, NO],
      [9.4, 0],
      [0.6, YES],
      [5, 0],
    ]);
    const t = await recogniser.transcribe(clip);
    expect(t.words.map((w) => w.text)).toEqual(['yes', 'no', 'yes']);
    const onsets = [5, 25, 35];
    t.words.forEach((w, i) => {
      expect(w.start).toBeGreaterThanOrEqual(onsets[i] - 0.01);
      expect(w.start).toBeLessThan(onsets[i] + 0.07);
    });
  });

  it('decodes clips concurrently on one loaded model', async () => {
    const clip = toneClip([
      [0.4, 0],
      [0.5, NO],
      [0.4, 0],
    ]);
    const all = await Promise.all(Array.from({ length: 6 }, () => recogniser.transcribe(clip)));
    expect(all.map((t) => t.text)).toEqual(Array(6).fill('no'));
  });
});

describe('model folders', () => {
  it('reads the fixture through its manifest', () => {
    const m = detectSherpaModel(TINY);
    expect(m.type).toBe('zipformer-ctc');
    expect(m.files.model).toBe(join(TINY, 'model.onnx'));
    expect(m.tokens).toBe(join(TINY, 'tokens.txt'));
  });

  it('recognises sherpa-onnx archives by their file names, int8 first', () => {
    const moonshine = folder([
      'preprocess.onnx',
      'encode.int8.onnx',
      'uncached_decode.int8.onnx',
      'cached_decode.int8.onnx',
      'tokens.txt',
      'LICENSE',
    ]);
    expect(detectSherpaModel(moonshine)).toMatchObject({
      type: 'moonshine',
      files: { moonshineEncoder: join(moonshine, 'encode.int8.onnx') },
    });
    const zipformer = folder([
      'encoder-epoch-99-avg-1.onnx',
      'encoder-epoch-99-avg-1.int8.onnx',
      'decoder-epoch-99-avg-1.onnx',
      'joiner-epoch-99-avg-1.int8.onnx',
      'joiner-epoch-99-avg-1.onnx',
      'tokens.txt',
    ]);
    expect(detectSherpaModel(zipformer)).toMatchObject({
      type: 'transducer',
      files: {
        encoder: join(zipformer, 'encoder-epoch-99-avg-1.int8.onnx'),
        decoder: join(zipformer, 'decoder-epoch-99-avg-1.onnx'),
        joiner: join(zipformer, 'joiner-epoch-99-avg-1.int8.onnx'),
      },
    });
    const whisper = folder([
      'base.en-encoder.int8.onnx',
      'base.en-decoder.int8.onnx',
      'base.en-encoder.onnx',
      'base.en-tokens.txt',
    ]);
    expect(detectSherpaModel(whisper)).toMatchObject({
      type: 'whisper',
      tokens: join(whisper, 'base.en-tokens.txt'),
    });
  });

  it('refuses folders it cannot run, saying why', () => {
    expect(() => detectSherpaModel('/nonexistent/model')).toThrow(/is not a folder/);
    expect(() => detectSherpaModel(folder(['model.onnx', 'tokens.txt']))).toThrow(/agaton-asr\.json/);
    expect(() => detectSherpaModel(folder(['README.md']))).toThrow(/no recognisable sherpa-onnx model/);
    expect(() => detectSherpaModel(folder(['encoder.onnx', 'decoder.onnx', 'joiner.onnx']))).toThrow(
      /no tokens\.txt/,
    );
    expect(() => detectSherpaModel(folder(['model.onnx', 'tokens.txt'], { type: 'kaldi' }))).toThrow(
      /type must be one of/,
    );
  });
});

describe('createRecogniser', () => {
  it('takes ASR_BASE_URL first, then ASR_MODEL_DIR, then PocketSphinx', () => {
    expect(createRecogniser({ ASR_BASE_URL: 'http://127.0.0.1:9', ASR_MODEL_DIR: TINY })).toBeInstanceOf(
      OpenAiRecogniser,
    );
    expect(createRecogniser({ ASR_MODEL_DIR: TINY })).toBeInstanceOf(SherpaOnnxRecogniser);
    expect(createRecogniser({ ASR_MODEL_DIR: ' ' }).constructor.name).toBe('PocketSphinxRecogniser');
  });

  it('refuses an ASR_MODEL_DIR without a model at once, not on the first recording', () => {
    const empty = join(folder([]), 'empty');
    mkdirSync(empty);
    expect(() => createRecogniser({ ASR_MODEL_DIR: empty })).toThrow(SherpaModelError);
  });
});
