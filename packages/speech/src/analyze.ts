import { type Aligner, createAligner } from './align/aligner.ts';
import { type ScoredChunk, scoreRecognised } from './analyze-chunks.ts';
import { createRecogniser, transcribeLong } from './asr/index.ts';
import { checkSpeech, type DurationLimits, decodeAudioWithVoice, TASK_LIMITS } from './audio/decode.ts';
import type { VoicedSegment } from './audio/vad.ts';
import { analyseContent as defaultContentAnalyser, maskProfanity } from './content/index.ts';
import { assessDelivery, type DeliveryModel, loadDeliveryModel } from './delivery/assess.ts';
import { isFilledPause, type TimedWord } from './fluency/events.ts';
import { sharedPosteriorComputer } from './posteriors/index.ts';
import { assembleAnalysis, type UtteranceScores } from './profiles/assemble.ts';
import { maskWordResult, recognisedScores } from './profiles/recognised.ts';
import { defaultScorer } from './profiles/scorer.ts';
import { type AlignmentScorer, type AlignmentScores, buildWords } from './profiles/words.ts';
import { mayHaveSkippedWords } from './scoring/score.ts';
import type {
  AlignedWord,
  ContentAnalysis,
  Pcm16k,
  Recogniser,
  SpeechAnalysis,
  SpeechTask,
  Transcript,
} from './types.ts';

export type ContentAnalyser = (input: {
  transcript: Transcript;
  topic?: string;
}) => ContentAnalysis | Promise<ContentAnalysis>;

export interface EngineOptions {
  /** Forced aligner; created once (≈ 0.4 s) when not given. */
  aligner?: Aligner;
  /** Open-vocabulary recogniser for free speech and meetings; from `env` when not given. */
  recogniser?: Recogniser;
  /** Alignment → 0–100 scores; the calibrated scorer when available, else an uncalibrated GOP map. */
  scorer?: AlignmentScorer;
  /**
   * Readings: whether an aligned reading shows a sign of a skipped word, so that the aligner's
   * skipped-word pass is worth running. Belongs with `scorer` (the agreement benchmark passes both
   * from one fold's model); by default the installed calibrated model's rule.
   */
  skipDetection?: (words: AlignedWord[]) => boolean;
  /** Topic relevance, CEFR and narrative for free speech. */
  analyseContent?: ContentAnalyser;
  /** Environment for the recogniser (ASR_BASE_URL…). Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Meetings: seconds of speech scored sound by sound, sampled evenly (default 300). The rest is
   * transcribed and counts for fluency and talk share. Infinity scores everything.
   */
  meetingScoredSec?: number;
  /** Override the duration limits per task. */
  limits?: Partial<Record<SpeechTask, DurationLimits>>;
  /**
   * Free speech and meetings: the transcript-free pronunciation and fluency scales
   * (`src/delivery/`); the installed ones by default, `null` for none (then both come from the
   * recognised words, see `recognisedScores`).
   */
  delivery?: DeliveryModel | null;
}

/** The steps of an analysis, in order; a reading has no transcribing step. */
export type EngineStage = 'decoding' | 'transcribing' | 'scoring';

/** Where an analysis is: `fraction` 0–1 within `stage`. */
export interface AnalysisProgress {
  stage: EngineStage;
  fraction: number;
}

export interface AnalyzeInput {
  /** An encoded recording (any browser format) or already decoded 16 kHz PCM. */
  audio: Uint8Array | Pcm16k;
  task: SpeechTask;
  /** Reading: the text that should have been read. */
  referenceText?: string;
  /** Free speech: the question or topic the answer should address. */
  topic?: string;
  /**
   * Called at the start of each stage (fraction 0), as decoding chunks, recognition segments and
   * scoring chunks complete, and at its end (fraction 1); at most once per whole percent of a
   * stage (≤ 101 calls), fractions never decreasing within it.
   */
  onProgress?: (progress: AnalysisProgress) => void;
  /**
   * Seconds this recording may last, when tighter than the task's limit (the api passes the
   * duration the upload declared plus slack): a longer one is TOO_LONG, and decoding stops there
   * whatever its header says, so the work is bounded by what the input declared.
   */
  maxSec?: number;
  /**
   * An encoded recording's channel to analyse alone (0 = left, 1 = right) instead of the mix of all:
   * a call recorder's agent and customer sides. UNSUPPORTED when the recording lacks it.
   */
  channel?: number;
}

export interface SpeechEngine {
  /**
   * Analyse one recording. Same input, same output.
   * @throws SpeechInputError for empty, corrupt, unsupported, silent, too short or too long input.
   */
  analyze(input: AnalyzeInput): Promise<SpeechAnalysis>;
  dispose(): void;
}

const NOT_READ: AlignmentScores = {
  words: [],
  overall: { pronunciation: 0, fluency: 0, prosody: 0, completeness: 0, total: 0 },
  matchesText: false,
};

const isPcm = (a: Uint8Array | Pcm16k): a is Pcm16k => (a as Pcm16k).sampleRate === 16000 && 'samples' in a;

/** Loads the models once; analyse any number of recordings with the engine it returns. */
export async function createEngine(opts: EngineOptions = {}): Promise<SpeechEngine> {
  const aligner = opts.aligner ?? (await createAligner());
  const scorer = opts.scorer ?? defaultScorer();
  let recogniser = opts.recogniser;
  const getRecogniser = () => {
    recogniser ??= createRecogniser(opts.env ?? process.env);
    return recogniser;
  };
  const analyseContent: ContentAnalyser = opts.analyseContent ?? defaultContentAnalyser;
  const deliveryModel = opts.delivery === undefined ? loadDeliveryModel() : opts.delivery;

  async function prepare(
    input: AnalyzeInput,
    progress: ProgressReporter,
  ): Promise<{ pcm: Pcm16k; voiced: VoicedSegment[] }> {
    const limits = { ...TASK_LIMITS[input.task], ...opts.limits?.[input.task] };
    if (input.maxSec !== undefined) {
      if (!(input.maxSec > 0)) throw new TypeError(`maxSec must be a positive number, not ${input.maxSec}.`);
      limits.maxSec = Math.min(limits.maxSec, input.maxSec);
    }
    if (input.channel !== undefined && isPcm(input.audio)) {
      throw new TypeError('channel applies to encoded recordings; 16 kHz PCM has one channel.');
    }
    progress('decoding', 0);
    const prepared = isPcm(input.audio)
      ? { pcm: input.audio, voiced: checkSpeech(input.audio, limits) }
      : await decodeAudioWithVoice(input.audio, limits, {
          onProgress: (f) => progress('decoding', f),
          channel: input.channel,
        });
    progress('decoding', 1);
    return prepared;
  }

  async function reading(
    input: AnalyzeInput,
    pcm: Pcm16k,
    voiced: VoicedSegment[],
    progress: ProgressReporter,
  ): Promise<SpeechAnalysis> {
    const text = input.referenceText?.trim() ?? '';
    if (!text) throw new TypeError('A reading task needs a referenceText.');
    const reference = text.split(/\s+/);
    progress('scoring', 0);
    // The skipped-word pass runs only when some word looks skipped; it cannot change other verdicts.
    const alignment = await aligner.align(pcm, text, {
      skipDetection: opts.skipDetection ?? ((words) => mayHaveSkippedWords(words, aligner.model)),
    });
    // A failed alignment means the text was not read: every word omitted, not an error.
    const scores = alignment.ok ? await scorer(alignment, pcm) : NOT_READ;
    progress('scoring', 1);
    const words = buildWords(scores.words, { reference });
    const timedWords: TimedWord[] = words.map((w) => ({
      text: w.word,
      start: w.start,
      end: w.end,
      phoneCount: w.phones.length || undefined,
      status: w.status,
    }));
    return assembleAnalysis({
      task: 'reading',
      durationSec: pcm.durationSec,
      voiced,
      words,
      timedWords,
      scores: scores.overall,
      transcript: words
        .filter((w) => w.status !== 'omitted' && w.normalised !== '')
        .map((w) => w.word)
        .join(' '),
      referenceText: text,
      matchesText: scores.matchesText ?? true,
    });
  }

  async function recognised(
    input: AnalyzeInput,
    pcm: Pcm16k,
    voiced: VoicedSegment[],
    transcript: Transcript,
    progress: ProgressReporter,
  ): Promise<SpeechAnalysis> {
    const maxScored = input.task === 'meeting' ? (opts.meetingScoredSec ?? 300) : Number.POSITIVE_INFINITY;
    // Up to the same seconds of speech as the words scored sound by sound (a meeting's first 300 s).
    const delivery = deliveryModel
      ? assessDelivery(pcm, voiced, sharedPosteriorComputer(), deliveryModel, maxScored)
      : undefined;
    const chunks = await scoreRecognised(pcm, transcript.words, aligner, scorer, maxScored, (f) =>
      progress('scoring', f),
    );
    progress('scoring', 1);
    // What users see never shows a profanity the recogniser produced; content measures read the raw text.
    const masked = chunks.map((c) => ({ ...c, words: c.words.map(maskWordResult) }));
    const words = masked.flatMap((c) => c.words);
    const timedWords: TimedWord[] = mergeTimings(transcript, words);
    const content =
      input.task === 'free-speech' && analyseContent
        ? await analyseContent({ transcript, topic: input.topic })
        : undefined;
    return assembleAnalysis({
      task: input.task,
      durationSec: pcm.durationSec,
      voiced,
      words,
      timedWords,
      // Nothing recognised: nothing to credit, whatever the (empty) timings would suggest.
      scores: words.length
        ? recognisedScores(
            combine(chunks),
            masked.map((c) => ({ words: c.words, pronunciation: c.scores?.overall.pronunciation ?? null })),
            delivery,
          )
        : { pronunciation: 0, fluency: 0, prosody: 0, total: 0 },
      transcript: maskProfanity(transcript.text),
      rawTranscript: transcript.text,
      topic: input.topic,
      content,
      // Nothing recognised (noise, silence) is not judged from its sound either.
      deliverySec: words.length ? delivery?.speechSec : undefined,
    });
  }

  return {
    async analyze(input) {
      const progress = progressReporter(input.onProgress);
      const { pcm, voiced } = await prepare(input, progress);
      if (input.task === 'reading') return reading(input, pcm, voiced, progress);
      const asr = getRecogniser();
      progress('transcribing', 0);
      const transcript =
        input.task === 'meeting'
          ? await transcribeLong(pcm, { recogniser: asr, onProgress: (f) => progress('transcribing', f) })
          : await asr.transcribe(pcm);
      progress('transcribing', 1);
      return recognised(input, pcm, voiced, transcript, progress);
    },
    dispose() {
      if (!opts.aligner) aligner.dispose();
    },
  };
}

type ProgressReporter = (stage: EngineStage, fraction: number) => void;

/**
 * Passes progress on at most once per whole percent of a stage, so a 90-minute recording's
 * thousands of decoder chunks cost the caller ≤ 101 calls per stage; a new stage always passes.
 */
function progressReporter(onProgress: AnalyzeInput['onProgress']): ProgressReporter {
  let stage: EngineStage | undefined;
  let percent = -1;
  return (next, fraction) => {
    if (!onProgress) return;
    const clamped = Math.max(0, Math.min(1, fraction));
    const at = Math.floor(clamped * 100);
    if (next === stage && at <= percent) return;
    stage = next;
    percent = at;
    onProgress({ stage: next, fraction: clamped });
  };
}

/** Fluency timings: aligned words where we have them, the recogniser's fillers in between. */
function mergeTimings(
  transcript: Transcript,
  words: { word: string; start: number; end: number; phones: unknown[] }[],
) {
  const timed: TimedWord[] = words.map((w) => ({
    text: w.word,
    start: w.start,
    end: w.end,
    phoneCount: w.phones.length || undefined,
  }));
  for (const w of transcript.words) {
    if (w.filler || isFilledPause(w.text)) {
      // Fluency recognises fillers by their text: a recogniser's "++UH++" becomes "uh".
      timed.push({ text: isFilledPause(w.text) ? w.text : 'uh', start: w.start, end: w.end });
    }
  }
  return timed.sort((a, b) => a.start - b.start);
}

/** Utterance scores of all chunks, weighted by the speech each covers. */
function combine(chunks: ScoredChunk[]): UtteranceScores {
  const scored = chunks.filter((c) => c.scores);
  if (scored.length === 0) {
    const all = chunks.flatMap((c) => c.words);
    return { pronunciation: all.length ? all.reduce((s, w) => s + w.score, 0) / all.length : 0 };
  }
  const total = scored.reduce((s, c) => s + c.weight, 0);
  const avg = (key: 'pronunciation' | 'fluency' | 'prosody' | 'total') => {
    if (scored.some((c) => c.scores?.overall[key] === undefined)) return undefined;
    return scored.reduce((s, c) => s + (c.scores?.overall[key] ?? 0) * c.weight, 0) / total;
  };
  return {
    pronunciation: avg('pronunciation') ?? 0,
    fluency: avg('fluency'),
    prosody: avg('prosody'),
    total: avg('total'),
  };
}
