import type { Aligner } from './align/aligner.ts';
import { isFilledPause } from './fluency/events.ts';
import { isUncertainConfidence, markUncertain } from './profiles/uncertain.ts';
import { type AlignmentScorer, type AlignmentScores, buildWords } from './profiles/words.ts';
import type { Pcm16k, RecognisedWord, WordResult } from './types.ts';

/** Chunks end at a pause once this long, and never grow past the maximum: alignment cost is superlinear. */
const CHUNK_MIN_SEC = 4;
const CHUNK_MAX_SEC = 15;
const CHUNK_BREAK_GAP_SEC = 0.3;
/**
 * A long pause (the fluency measures' 0.7 s) always ends a chunk, however short: aligning the
 * silence costs as much as aligning speech and tells nothing about pronunciation. Calibration
 * utterances are 2–6 s long, so short chunks are what the scorer knows best.
 */
const CHUNK_SPLIT_GAP_SEC = 0.7;
/** Audio kept around a chunk's words so the aligner sees their edges. */
const MARGIN_SEC = 0.15;

const NON_SPEECH = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** Words the aligner can take: not fillers, not the decoder's noise markers. */
export function alignableWords(words: RecognisedWord[]): RecognisedWord[] {
  return words.filter(
    (w) => !w.filler && !NON_SPEECH.test(w.text) && !isFilledPause(w.text) && /[a-z0-9]/i.test(w.text),
  );
}

function chunk(words: RecognisedWord[]): RecognisedWord[][] {
  const chunks: RecognisedWord[][] = [];
  let current: RecognisedWord[] = [];
  for (const w of words) {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) {
      const length = w.end - first.start;
      const gap = w.start - last.end;
      if (
        length > CHUNK_MAX_SEC ||
        gap >= CHUNK_SPLIT_GAP_SEC ||
        (gap >= CHUNK_BREAK_GAP_SEC && last.end - first.start >= CHUNK_MIN_SEC)
      ) {
        chunks.push(current);
        current = [];
      }
    }
    current.push(w);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

function slice(pcm: Pcm16k, fromSec: number, toSec: number): Pcm16k {
  const samples = pcm.samples.subarray(Math.max(0, Math.floor(fromSec * 16000)), Math.ceil(toSec * 16000));
  return { samples, sampleRate: 16000, durationSec: samples.length / 16000 };
}

export interface ScoredChunk {
  words: WordResult[];
  scores: AlignmentScores | null;
  /** Seconds of speech the chunk covers (its weight in the utterance scores). */
  weight: number;
}

/**
 * Scores recognised speech: the recognised words are force-aligned in chunks of 4–15 s (cut at
 * pauses) so that a minute or an hour costs linear time, then scored like a reading of that text.
 * A chunk the aligner cannot place keeps the recogniser's timings and its confidence as the score.
 *
 * @param onProgress called with the share (0–1) of the chunks to score that are done: once before
 *   the first, then after each.
 */
export async function scoreRecognised(
  pcm: Pcm16k,
  recognised: RecognisedWord[],
  aligner: Aligner,
  scorer: AlignmentScorer,
  maxScoredSec = Number.POSITIVE_INFINITY,
  onProgress?: (fraction: number) => void,
): Promise<ScoredChunk[]> {
  const out: ScoredChunk[] = [];
  const chunks = chunk(alignableWords(recognised));
  const picked = sample(chunks, maxScoredSec);
  let scored = 0;
  onProgress?.(picked.size ? 0 : 1);
  for (const [index, words] of chunks.entries()) {
    if (!picked.has(index)) {
      out.push({ words: words.map(unaligned), scores: null, weight: 0 });
      continue;
    }
    out.push(await scoreChunk(pcm, words, aligner, scorer));
    onProgress?.(++scored / picked.size);
  }
  return out;
}

/** One chunk aligned and scored sound by sound, back on the recording's time line. */
async function scoreChunk(
  pcm: Pcm16k,
  words: RecognisedWord[],
  aligner: Aligner,
  scorer: AlignmentScorer,
): Promise<ScoredChunk> {
  const from = Math.max(0, words[0].start - MARGIN_SEC);
  const to = Math.min(pcm.durationSec, (words.at(-1)?.end ?? from) + MARGIN_SEC);
  const text = words.map((w) => w.text.replace(/\(\d+\)$/, '')).join(' ');
  const clip = slice(pcm, from, to);
  // The recogniser heard every word it returned: no skipped-word pass.
  const alignment = await aligner.align(clip, text, { skipDetection: false });
  const weight = to - from;
  if (!alignment.ok || alignment.words.length === 0) {
    return { words: words.map(unaligned), scores: null, weight };
  }
  const scores = await scorer(alignment, clip);
  // The audio does not fit the recognised words at all: the transcript is wrong here, so nothing
  // in this chunk is scored as pronunciation (as when it cannot be aligned).
  if (scores.matchesText === false) return { words: words.map(unaligned), scores: null, weight };
  // Back onto the recording's time line; the recogniser heard these words, so none is "omitted".
  const shifted = scores.words
    .filter((w) => w.status !== 'inserted')
    .map((w) => ({
      ...w,
      status: w.status === 'omitted' ? ('ok' as const) : w.status,
      start: round3(w.start + from),
      end: round3(w.end + from),
      phones: w.phones.map((p) => ({ ...p, start: round3(p.start + from), end: round3(p.end + from) })),
    }));
  return {
    words: buildWords(shifted, { confidences: matchConfidences(shifted, words) }).map((w) =>
      isUncertainConfidence(w.confidence) ? markUncertain(w) : w,
    ),
    scores,
    weight,
  };
}

/**
 * Chunks to score sound by sound when a long recording has more speech than `maxSec`: spread
 * evenly over the recording (deterministic), since a few minutes of speech already give stable
 * phone statistics while alignment is the costliest step.
 */
function sample(chunks: RecognisedWord[][], maxSec: number): Set<number> {
  const lengths = chunks.map((c) => (c.at(-1)?.end ?? 0) - (c[0]?.start ?? 0));
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total <= maxSec) return new Set(chunks.keys());
  const count = Math.max(1, Math.floor((maxSec / total) * chunks.length));
  return new Set(Array.from({ length: count }, (_, j) => Math.floor(((j + 0.5) * chunks.length) / count)));
}

/**
 * Recogniser confidences for aligned words, matched in order by spelling; a word whose spelling the
 * aligner changed takes the confidence of the recognised word it overlaps most in time.
 */
function matchConfidences(
  aligned: { normalised: string; start: number; end: number }[],
  recognised: RecognisedWord[],
): number[] {
  let k = 0;
  return aligned.map((a) => {
    const at = recognised
      .slice(k)
      .findIndex((r) => r.text.toLowerCase().replace(/[^a-z0-9']/g, '') === a.normalised);
    if (at >= 0) {
      k += at + 1;
      return recognised[k - 1].confidence;
    }
    const overlap = (r: RecognisedWord) => Math.min(r.end, a.end) - Math.max(r.start, a.start);
    const best = [...recognised].sort((x, y) => overlap(y) - overlap(x))[0];
    return best && overlap(best) > 0 ? best.confidence : 0;
  });
}

function unaligned(w: RecognisedWord): WordResult {
  const score = Math.round(w.confidence * 100);
  const word: WordResult = {
    word: w.text,
    normalised: w.text.toLowerCase().replace(/[^a-z0-9']/g, ''),
    start: w.start,
    end: w.end,
    confidence: w.confidence,
    score,
    performance: score > 80 ? 'HIGH' : score > 60 ? 'MEDIUM' : 'LOW',
    phones: [],
    explanation: `"${w.text}" could not be scored sound by sound.`,
    status: 'ok',
  };
  return isUncertainConfidence(w.confidence) ? markUncertain(word) : word;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
