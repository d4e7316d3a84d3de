import { ARPABET_VOWELS } from '@agaton/contracts';
import { normalisedGop, type PhoneStats } from '../gop/features.ts';
import type { PhoneEvidence } from '../gop/posterior-features.ts';
import type { Alignment } from '../types.ts';
import { type LinearModel, predictLinear } from './linear.ts';

/**
 * Whether a recording is a reading of the text asked for at all (issue 25, part 6). A forced
 * alignment always finds *some* place for every phone; over a different sentence, backwards speech
 * or noise those places fit the audio far worse than a learner's weakest reading does, in the
 * posteriors (the canonical phone's margin against the best phone, its log posterior, how often it
 * is the best, and its upper quartile: even a weak reader's better phones fit) as in the aligner's
 * own scores (loop GOP, loop agreement, forced likelihood), and how often a vowel is the best phone of
 * its frames beside how often any phone is: a learner's vowels drift, so in a correct reading the
 * consonants fit more often than the vowels (share 0.21 against 0.18 on the dev set), while the vowels
 * of a wrong sentence or backwards speech fit by chance as often as its consonants or more (0.06 / 0.06,
 * 0.07 / 0.05). A linear discriminant over those
 * measures, fitted on the dev recordings read correctly and aligned to other texts
 * (calibration/extract-mismatch.ts), with the threshold set so that few correct readings of
 * held-out speakers fall below it.
 */
export const TEXT_MATCH_FEATURES = [
  'meanGopPost',
  'meanLpp',
  'shareBest',
  'p25GopPost',
  'medianGopPost',
  'meanSilPost',
  'meanGopN',
  'meanLoopAgree',
  'meanForcedLpp',
  'p75GopPost',
  'vowelShareBest',
] as const;

const VOWELS: ReadonlySet<string> = new Set(ARPABET_VOWELS);

export interface TextMatchModel {
  linear: LinearModel;
  /** Below this, the recording is not a reading of the text. */
  threshold: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** {@link TEXT_MATCH_FEATURES} of one aligned reading. */
export function textMatchFeatures(
  al: Alignment,
  evidence: readonly PhoneEvidence[],
  stats: PhoneStats,
): number[] {
  const phones = al.words.flatMap((w) => w.phones);
  const gop = evidence.map((e) => e.gopPost).sort((a, b) => a - b);
  const at = (q: number) => gop[Math.min(gop.length - 1, Math.floor(q * gop.length))] ?? 0;
  return [
    mean(gop),
    mean(evidence.map((e) => e.lpp)),
    mean(evidence.map((e) => (e.gopPost > -1 ? 1 : 0))),
    at(0.25),
    at(0.5),
    mean(evidence.map((e) => e.silPost)),
    mean(phones.map((p) => normalisedGop(p, stats))),
    mean(phones.map((p) => p.features.loopAgree ?? 0)),
    mean(phones.map((p) => p.features.lpp ?? 0)),
    at(0.75),
    mean(evidence.filter((e) => VOWELS.has(e.phone)).map((e) => (e.gopPost > -1 ? 1 : 0))),
  ];
}

/** The discriminant's value (higher: more like a reading of the text). */
export function textMatchScore(
  al: Alignment,
  evidence: readonly PhoneEvidence[],
  stats: PhoneStats,
  model: TextMatchModel,
): number {
  return predictLinear(model.linear, textMatchFeatures(al, evidence, stats));
}

/** Whether the aligned recording reads the text (a failed alignment never does). */
export function matchesText(
  al: Alignment,
  evidence: readonly PhoneEvidence[] | undefined,
  stats: PhoneStats,
  model: TextMatchModel | undefined,
): boolean {
  if (!al.ok || al.words.length === 0) return false;
  if (!model || !evidence?.length) return true;
  return textMatchScore(al, evidence, stats, model) >= model.threshold;
}
