import { availableParallelism } from 'node:os';
import type { Pcm16k, RecognisedWord, Recogniser, Transcript } from '../types.js';
import { round } from './ctm.js';
import { type SegmentOptions, splitAtSilences } from './segment.js';
import { toTranscript } from './transcript.js';

/** A recogniser that can decode many clips in one process (PocketSphinx does). */
interface BatchRecogniser extends Recogniser {
  transcribeMany(audios: Pcm16k[]): Promise<Transcript[]>;
}

export interface TranscribeLongOptions extends SegmentOptions {
  recogniser: Recogniser;
  /** Parallel decoders. Default `os.availableParallelism()` (one per core). */
  concurrency?: number;
  /**
   * Called with the share (0–1) of the voiced audio decoded so far: once before decoding starts and
   * each time a segment (or a batch recogniser's run of segments) is done.
   */
  onProgress?: (fraction: number) => void;
}

/**
 * A batch recogniser's worker decodes its share in runs of consecutive segments, one decoder process
 * per run, so progress can be reported as runs end. At least this many segments per run (~3 min
 * of a meeting) keeps the decoder's model load (~0.4 s) near 1 % of the run's decoding time, and at
 * most this many runs per worker bounds the loads for very long recordings.
 */
const MIN_SEGMENTS_PER_RUN = 8;
const MAX_RUNS_PER_WORKER = 10;

function isBatch(r: Recogniser): r is BatchRecogniser {
  return typeof (r as Partial<BatchRecogniser>).transcribeMany === 'function';
}

function slice(pcm: Pcm16k, from: number, to: number): Pcm16k {
  const samples = pcm.samples.subarray(from, to);
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

/**
 * Transcribes a recording of any length (meetings up to and beyond 60 minutes): split at silences
 * into 20–30 s segments, decode the voiced ones on `concurrency` workers, and merge the words back
 * onto the recording's time line. With PocketSphinx each worker decodes its share of segments in a
 * few runs, one child process per run (the model is loaded once per run); other recognisers get one
 * request per segment.
 */
export async function transcribeLong(pcm: Pcm16k, options: TranscribeLongOptions): Promise<Transcript> {
  const { recogniser } = options;
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const segments = splitAtSilences(pcm, options).filter((s) => s.voiced);
  const clips = segments.map((s) => slice(pcm, s.startSample, s.endSample));
  const results: Transcript[] = new Array(clips.length);
  const totalSamples = clips.reduce((n, c) => n + c.samples.length, 0);
  let doneSamples = 0;
  const done = (indices: number[]) => {
    for (const i of indices) doneSamples += clips[i].samples.length;
    options.onProgress?.(totalSamples ? doneSamples / totalSamples : 1);
  };
  options.onProgress?.(0);

  if (isBatch(recogniser)) {
    // Interleave segments across workers so each gets a similar share of the recording.
    const groups = Array.from({ length: Math.min(concurrency, clips.length) }, (_, w) =>
      clips.map((_, i) => i).filter((i) => i % concurrency === w),
    );
    await Promise.all(
      groups.map(async (indices) => {
        const size = Math.max(MIN_SEGMENTS_PER_RUN, Math.ceil(indices.length / MAX_RUNS_PER_WORKER));
        for (let from = 0; from < indices.length; from += size) {
          const run = indices.slice(from, from + size);
          const out = await recogniser.transcribeMany(run.map((i) => clips[i]));
          run.forEach((i, k) => {
            results[i] = out[k];
          });
          done(run);
        }
      }),
    );
  } else {
    let next = 0;
    const worker = async () => {
      while (next < clips.length) {
        const i = next++;
        results[i] = await recogniser.transcribe(clips[i]);
        done([i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, clips.length) }, worker));
  }

  const words: RecognisedWord[] = [];
  let engine = 'engine' in recogniser ? String((recogniser as { engine: unknown }).engine) : 'unknown';
  results.forEach((t, i) => {
    const offset = segments[i].startSample / 16000;
    engine = t.engine;
    for (const w of t.words) words.push({ ...w, start: round(w.start + offset), end: round(w.end + offset) });
  });
  return toTranscript(words, engine);
}
