/**
 * Pairs scores with the experts' ratings of speechocean762 and computes agreement. Two sources:
 * the product's own output (the CLI batch line the API and `score --batch` print) and the raw
 * calibrated models (`predict`), so the benchmark can print both side by side.
 */
import type { toBenchmarkLine } from '../src/adapters/benchmark.ts';
import { pearson } from '../src/scoring/gbdt.ts';
import type { Predictions, UtteranceTarget } from '../src/scoring/model.ts';
import type { ScoredUtterance } from './dataset.ts';
import type { Sample } from './fit-lib.ts';
import { targets, utteranceTarget } from './fit-lib.ts';

/**
 * What is compared: the CLI's batch line (`toBenchmarkLine`) or, inside model selection, the
 * scorer's output for one alignment, which has the same fields.
 */
export type ScoredLine = Pick<ReturnType<typeof toBenchmarkLine>, 'words' | 'overall'>;

/** Which product figure answers which expert scale. */
export const PRODUCT_UTTERANCE: Record<UtteranceTarget, 'pronunciation' | 'fluency' | 'prosody' | 'total'> = {
  accuracy: 'pronunciation',
  fluency: 'fluency',
  prosodic: 'prosody',
  total: 'total',
};

type Pairs = [number, number][];

/** Score/expert pairs per level, plus what could not be paired or was wrongly zeroed. */
export class Agreement {
  readonly phone: Pairs = [];
  readonly word: Pairs = [];
  readonly utterance: Record<UtteranceTarget, Pairs> = { accuracy: [], fluency: [], prosodic: [], total: [] };
  /** Words the product marked omitted, with the experts' accuracy for each. */
  readonly omitted: number[] = [];
  /** Expert phones not paired because the product aligned a different number of phones. */
  unpairedPhones = 0;
  /** Utterances whose reference words did not line up with the experts' word list. */
  misaligned = 0;
  words = 0;

  /**
   * The product's batch line for one recording. Reference words (status ok or omitted) are paired
   * with the experts' words in order; a word's phones are paired one to one when the product
   * aligned as many phones as the experts scored (the corpus lexicon differs from the product's
   * dictionary on some words), otherwise they are counted as unpaired. `omittedAside`: words the
   * product called omitted (and so scored 0) are left out of the pairs, so that what is left
   * compares the scores shown for words read with the raw models' on the same words.
   */
  addProduct(line: ScoredLine, utt: ScoredUtterance, { omittedAside = false } = {}): void {
    const reference = line.words.filter((w) => w.status === 'ok' || w.status === 'omitted');
    if (reference.length !== utt.words.length) this.misaligned += 1;
    utt.words.forEach((expert, i) => {
      const w = reference[i];
      this.words += 1;
      if (omittedAside && w?.status === 'omitted') return;
      this.word.push([w?.score ?? 0, expert.accuracy]);
      if (w?.status === 'omitted') this.omitted.push(expert.accuracy);
      if (w?.status === 'omitted') for (const y of expert.phonesAccuracy) this.phone.push([0, y]);
      else if (w && w.phones.length === expert.phonesAccuracy.length) {
        w.phones.forEach((p, j) => void this.phone.push([p.score, expert.phonesAccuracy[j]]));
      } else this.unpairedPhones += expert.phonesAccuracy.length;
    });
    for (const [t, key] of Object.entries(PRODUCT_UTTERANCE) as [
      UtteranceTarget,
      keyof ScoredLine['overall'],
    ][])
      this.utterance[t].push([line.overall[key] ?? 0, utteranceTarget(utt, t)]);
  }

  /**
   * The raw calibrated models' predictions for one cached alignment (null: alignment failed);
   * `aside`: indexes of words to leave out of the word and phone pairs.
   */
  addRaw(pred: Predictions | null, s: Sample, aside: ReadonlySet<number> = new Set()): void {
    const t = targets(s);
    const wordOf = s.al.words.flatMap((w, i) => w.phones.map(() => i));
    t.phone.forEach((y, j) => {
      if (aside.has(wordOf[j])) return;
      if (y !== null) this.phone.push([pred?.phone[j] ?? 0, y]);
      else this.unpairedPhones += 1;
    });
    if (pred) {
      for (const [j, y] of t.word.entries()) if (!aside.has(j)) this.word.push([pred.word[j], y]);
    } else for (const [i, w] of s.utt.words.entries()) if (!aside.has(i)) this.word.push([0, w.accuracy]);
    this.words += s.utt.words.length;
    for (const k of Object.keys(this.utterance) as UtteranceTarget[])
      this.utterance[k].push([pred?.utterance[k] ?? 0, utteranceTarget(s.utt, k)]);
  }

  /** Adds another run's pairs (the same benchmark's other outer folds, run in another process). */
  merge(
    other: Pick<
      Agreement,
      'phone' | 'word' | 'utterance' | 'omitted' | 'unpairedPhones' | 'misaligned' | 'words'
    >,
  ): void {
    this.phone.push(...other.phone);
    this.word.push(...other.word);
    for (const k of Object.keys(this.utterance) as UtteranceTarget[])
      this.utterance[k].push(...other.utterance[k]);
    this.omitted.push(...other.omitted);
    this.unpairedPhones += other.unpairedPhones;
    this.misaligned += other.misaligned;
    this.words += other.words;
  }

  /** Pearson correlations per level. */
  summary(): Record<'phone' | 'word' | UtteranceTarget, number> {
    return {
      phone: pcc(this.phone),
      word: pcc(this.word),
      accuracy: pcc(this.utterance.accuracy),
      fluency: pcc(this.utterance.fluency),
      prosodic: pcc(this.utterance.prosodic),
      total: pcc(this.utterance.total),
    };
  }
}

export function pcc(pairs: Pairs): number {
  return pearson(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  );
}
