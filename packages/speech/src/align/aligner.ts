import { ARPABET_VOWELS } from '@agaton/contracts';
import createModule, { type Decoder, type Segment } from 'soundswallower';
import type { AlignedPhone, AlignedWord, Alignment, Pcm16k } from '../types.ts';
import { Lexicon } from './lexicon.ts';
import {
  type AcousticModelId,
  DEFAULT_BEAMS,
  LOOP_BEAMS,
  resolveAcousticModel,
  WIDE_BEAMS,
} from './model.ts';
import { addNoise } from './noise.ts';
import { LOOP_PHONES, loopGrammar, loopWord, type PhoneFrames, phoneFrames } from './phone-loop.ts';
import { tokenise } from './text.ts';

export interface AlignOptions {
  /**
   * Pronunciations to use instead of the dictionary's, keyed by lower-case word, ARPAbet separated
   * by spaces (stress digits are ignored). Calibration passes the corpus's own lexicon so that the
   * aligned phones are the ones the experts scored.
   */
  pronunciations?: Record<string, string>;
  /**
   * Run the optional-words decoding that spots skipped words (default true; it costs one pass over
   * the audio). A function makes it conditional: the pass runs only when the function says some
   * aligned word could have been skipped, so good readings do not pay for it.
   */
  skipDetection?: boolean | ((words: AlignedWord[]) => boolean);
}

export interface Aligner {
  /** The acoustic model in use; calibrated parameters exist per model. */
  readonly model: AcousticModelId;
  /**
   * Forced alignment of `text` to the audio plus per-phone goodness of pronunciation. Never throws
   * for audio that does not match the text: that comes back as `ok: false`.
   */
  align(pcm: Pcm16k, text: string, options?: AlignOptions): Promise<Alignment>;
  /** The pronunciation the aligner uses for a word (dictionary, else grapheme-to-phoneme rules). */
  pronounce(word: string): string[];
  /** Frees the WebAssembly decoder. */
  dispose(): void;
}

export interface CreateAlignerOptions {
  /** Force a model; by default Debian's 16 kHz model when installed, else the bundled 8 kHz one. */
  model?: AcousticModelId;
}

/** The decoder's frame rate (frames per second). */
const FRAME_RATE = 100;
/** Segment probabilities come back rounded to 3 decimals; 0 means "below 0.0005". */
const MIN_PROB = 5e-4;
/**
 * Segment probabilities are exp(score) with the decoder's score scaled down by 2^10 (senone scores
 * are stored shifted). Multiplying by 1024 gives natural-log units, so GOP reads as nats per frame.
 */
const LOG_SCALE = 1024;

function logProb(p: number): number {
  return Math.log(Math.max(p, MIN_PROB)) * LOG_SCALE;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

function isFiller(t: string): boolean {
  return t.startsWith('<') || t.startsWith('[') || t.startsWith('+') || t === 'SIL';
}

function runDecoder(decoder: Decoder, samples: Float32Array, alignLevel = 1): Segment | null {
  try {
    decoder.start();
    decoder.process_audio(samples, false, true);
    decoder.stop();
    return decoder.get_alignment({ align_level: alignLevel });
  } catch {
    // A failed search returns nothing and leaves get_alignment throwing: "not aligned".
    return null;
  }
}

function buildPhone(seg: Segment, loop: PhoneFrames): AlignedPhone {
  const first = Math.round(seg.b * FRAME_RATE);
  const frames = Math.max(1, Math.round(seg.d * FRAME_RATE));
  const forced = logProb(seg.p);
  let loopSum = 0;
  let agree = 0;
  for (let f = first; f < first + frames; f++) {
    loopSum += loop.score[f] ?? 0;
    if (loop.phone[f] === seg.t) agree += 1;
  }
  const gop = (forced - loopSum) / frames;
  return {
    phone: seg.t,
    start: seg.b,
    end: round3(seg.b + seg.d),
    gop,
    features: {
      frames,
      // Per-frame log ratio of the aligned phone against the best senone of each frame.
      lpp: forced / frames,
      // Same for the free phone loop over these frames: how well anything at all matches here.
      loopLpp: loopSum / frames,
      // Share of frames where the free phone loop heard the expected phone.
      loopAgree: agree / frames,
    },
  };
}

const VOWEL_PHONES: ReadonlySet<string> = new Set(ARPABET_VOWELS);

/** Inserted speech must last this many frames of loop phones... */
const MIN_INSERTION_FRAMES = 20;
/** ...and fit the phone loop this much better than silence (nats per frame). */
const MIN_INSERTION_GAIN = 1;

/**
 * Speech inside a stretch the forced alignment called silence: the free phone loop hears phones
 * there and explains the audio much better than silence does. Such stretches are words the reader
 * added or repeated.
 */
function speechInSilence(
  seg: Segment,
  loop: PhoneFrames,
): NonNullable<Alignment['insertions']>[number] | null {
  const first = Math.round(seg.b * FRAME_RATE);
  const frames = Math.round(seg.d * FRAME_RATE);
  if (frames < MIN_INSERTION_FRAMES) return null;
  let loopSum = 0;
  let speechFrames = 0;
  let start = -1;
  let end = -1;
  const phones: string[] = [];
  for (let f = first; f < first + frames; f++) {
    loopSum += loop.score[f] ?? 0;
    const label = loop.phone[f] ?? '';
    if (!label) continue;
    speechFrames += 1;
    if (start < 0) start = f;
    end = f + 1;
    if (f === first || loop.phone[f - 1] !== label) phones.push(label);
  }
  const gain = (loopSum - logProb(seg.p)) / frames;
  // Words have vowels; breaths, clicks and noise come back from the loop as fricatives and stops.
  const voweled = phones.some((p) => VOWEL_PHONES.has(p));
  if (speechFrames < MIN_INSERTION_FRAMES || gain < MIN_INSERTION_GAIN || !voweled) return null;
  return { start: start / FRAME_RATE, end: end / FRAME_RATE, phones };
}

/** Prior weight of leaving a word out, against 1 for saying it. */
const SKIP_WEIGHT = 0.05;

/**
 * Decodes the audio with a grammar in which every reference word is optional and reports, per
 * word, whether the decoder kept it. Words the reader skipped (or replaced) tend to be dropped.
 * Only the decoded words matter here, not their scores, so `decoder` is one without `compallsen`
 * and with ordinary beams: a third of the cost, and the same words (normalising every senone of a
 * frame by the same amount does not change which path is best).
 */
function heardWords(decoder: Decoder, samples: Float32Array, keys: string[]): boolean[] | null {
  const alternatives = keys.map((k) => `( /1/ ${k} | /${SKIP_WEIGHT}/ <NULL> )`).join(' ');
  try {
    decoder.set_grammar(`#JSGF V1.0;\ngrammar reading;\npublic <s> = ${alternatives};\n`);
    const result = runDecoder(decoder, samples, 0);
    if (!result) return null;
    const said = (result.w ?? []).map((w) => w.t).filter((t) => !isFiller(t));
    // The grammar keeps the order, so a greedy walk maps decoded words back to positions.
    const heard = keys.map(() => false);
    let i = 0;
    for (const w of said) {
      const at = keys.indexOf(w, i);
      if (at < 0) continue; // "(NULL)" transitions and anything unexpected
      heard[at] = true;
      i = at + 1;
    }
    return heard;
  } catch {
    return null;
  }
}

/** Loads the acoustic model once; reuse the aligner for every recording (loading takes ~0.3 s). */
export async function createAligner(options: CreateAlignerOptions = {}): Promise<Aligner> {
  const model = resolveAcousticModel(options.model);
  const ss = await createModule({ modelBase: model.modelBase } as Parameters<typeof createModule>[0]);
  const decoder = new ss.Decoder(model.config);
  await decoder.initialize();
  const searcher = new ss.Decoder({ ...model.config, compallsen: false, ...DEFAULT_BEAMS });
  await searcher.initialize();
  const lexicon = new Lexicon([decoder, searcher]);
  decoder.add_words(...LOOP_PHONES.map((p) => [loopWord(p), p] as [string, string]));
  const loopJsgf = loopGrammar();
  /**
   * The free phone loop over triphones (a loop of context-independent phones on a second decoder
   * cost 40 % less but lost 0.05 of phone-level agreement: docs/decisions/007). Its word-level
   * result, one pseudo-word per phone, carries the search's own per-phone scores, so no second
   * (state-alignment) pass over the audio is needed.
   */
  function runLoop(samples: Float32Array): Segment | null {
    // Beams are read when a grammar is set, so they apply to this search only.
    for (const [k, v] of Object.entries(LOOP_BEAMS)) decoder.set_config(k, v);
    try {
      decoder.set_grammar(loopJsgf);
      return runDecoder(decoder, samples, 0);
    } finally {
      for (const [k, v] of Object.entries(WIDE_BEAMS)) decoder.set_config(k, v);
    }
  }

  // soundswallower is synchronous and stateful: serialise calls that arrive concurrently.
  let queue: Promise<unknown> = Promise.resolve();

  function alignNow(pcm: Pcm16k, text: string, opts: AlignOptions): Alignment {
    const failed: Alignment = {
      words: [],
      silences: [],
      ok: false,
      model: model.id,
      durationSec: pcm.durationSec,
    };
    const entries = tokenise(text)
      .map((token) => ({
        token,
        entry: lexicon.entry(token.normalised, opts.pronunciations?.[token.normalised]),
      }))
      .filter((x) => x.entry !== null);
    if (entries.length === 0 || pcm.samples.length < 1600) return failed;
    const samples = addNoise(pcm.samples);
    decoder.set_align_text(entries.map((x) => x.entry?.key).join(' '));
    const forced = runDecoder(decoder, samples);
    if (!forced?.w?.length) return failed;
    const loop = phoneFrames(runLoop(samples), Math.ceil(pcm.durationSec * FRAME_RATE) + 2);
    const words: AlignedWord[] = [];
    const silences: { start: number; end: number }[] = [];
    const insertions: NonNullable<Alignment['insertions']> = [];
    let next = 0;
    for (const seg of forced.w) {
      if (isFiller(seg.t)) {
        silences.push({ start: seg.b, end: round3(seg.b + seg.d) });
        const speech = speechInSilence(seg, loop);
        if (speech) insertions.push(speech);
        continue;
      }
      const source = entries[next];
      next += 1;
      words.push({
        word: source?.token.normalised ?? seg.t,
        text: source?.token.text ?? seg.t,
        start: seg.b,
        end: round3(seg.b + seg.d),
        phones: (seg.w ?? []).map((p) => buildPhone(p, loop)),
      });
    }
    const detect = opts.skipDetection ?? true;
    if (detect === true || (detect !== false && detect(words))) {
      const heard = heardWords(
        searcher,
        samples,
        entries.map((x) => x.entry?.key ?? ''),
      );
      // Forced alignment keeps every reference word in order, so positions match one to one.
      if (heard) for (const [i, w] of words.entries()) w.heard = heard[i];
    }
    return {
      words,
      silences,
      insertions,
      ok: words.length > 0,
      model: model.id,
      durationSec: pcm.durationSec,
    };
  }

  return {
    model: model.id,
    align(pcm, text, opts = {}) {
      const run = queue.then(() => alignNow(pcm, text, opts));
      queue = run.catch(() => undefined);
      return run;
    },
    pronounce: (word) => lexicon.entry(word.toLowerCase())?.phones ?? [],
    dispose: () => {
      decoder.delete();
      searcher.delete();
    },
  };
}
