/**
 * Chooses the tree settings and rule strengths by speaker-disjoint cross-validation on the
 * training speakers only. The agreement benchmark calls it inside every outer fold (nested
 * cross-validation: inner folds choose, outer folds report); calibration/fit.ts calls it on the
 * whole dev set for the installed model.
 */
import {
  type CalibratedModel,
  type ScoringRules,
  type Stretch,
  UTTERANCE_TARGETS,
} from '../src/scoring/model.ts';
import { mayHaveSkippedWords, scoreAlignment } from '../src/scoring/score.ts';
import type { Alignment } from '../src/types.ts';
import { Agreement } from './evaluate.ts';
import {
  type FitConfig,
  fitModel,
  fitModelWithRidges,
  type PhoneStage,
  type Sample,
  speakerFolds,
} from './fit-lib.ts';
import { type PhoneUtt, phoneStage } from './phone-corpus.ts';
import { fitTextMatch, type WrongReading } from './text-match-fit.ts';

export interface ScoringConfig {
  fit: FitConfig;
  rules: ScoringRules;
}

/** Candidate tree settings: the earlier hand-picked ones, slower and longer, and deeper. */
export const FIT_CANDIDATES: Record<string, FitConfig> = {
  base: {
    phone: { rounds: 150, rate: 0.06, depth: 3, minLeaf: 40 },
    word: { rounds: 150, rate: 0.06, depth: 3, minLeaf: 25 },
    utterance: { rounds: 120, rate: 0.05, depth: 2, minLeaf: 12 },
  },
  slow: {
    phone: { rounds: 300, rate: 0.03, depth: 3, minLeaf: 60 },
    word: { rounds: 300, rate: 0.03, depth: 3, minLeaf: 40 },
    utterance: { rounds: 240, rate: 0.025, depth: 2, minLeaf: 15 },
  },
  deep: {
    phone: { rounds: 200, rate: 0.04, depth: 4, minLeaf: 60 },
    word: { rounds: 200, rate: 0.04, depth: 4, minLeaf: 40 },
    utterance: { rounds: 160, rate: 0.04, depth: 3, minLeaf: 12 },
  },
};

/**
 * Candidate strengths of the rules of `predict` (none, the earlier hand-set ones, stronger): the
 * pull of a word's worst phone and where it starts, the pull of a phone's own GOP, and how much of
 * a phone's score comes from its word's.
 */
export const RULE_CANDIDATES: ScoringRules[] = [0, 1, 2, 4, 6].flatMap((wordGopPull) =>
  [-2, -1.5, -1].flatMap((wordGopKnee) =>
    [0, 0.1, 0.2].flatMap((localGopPull) =>
      [0, 0.2, 0.4, 0.6].map((phoneWordBlend) => ({
        wordGopPull,
        wordGopKnee,
        localGopPull,
        phoneWordBlend,
      })),
    ),
  ),
);

/**
 * Candidate rules of the shown word score alone: its pull and knee (as above) and the share taken
 * from its phones' raw scores (none, or 0.2–0.8 of their mean or minimum). Scored for the words
 * only; `RULE_CANDIDATES` are scored for the phones. The shown word always keeps a pull: the
 * experts' data has hardly a word said in place of another, so its agreement cannot value one, and
 * chosen by agreement alone the pull went to 0 and a flite "bed" read for "mat" scored 87 of 100
 * (`test/scoring.test.ts`).
 */
export const WORD_RULE_CANDIDATES: ScoringRules[] = [1, 2, 4, 6].flatMap((wordGopPull) =>
  [-2, -1.5, -1].flatMap((wordGopKnee) =>
    [
      { wordPhoneBlend: 0 },
      ...[0.2, 0.4, 0.6, 0.8].flatMap((wordPhoneBlend) =>
        (['mean', 'min'] as const).map((wordPhoneAggregate) => ({ wordPhoneBlend, wordPhoneAggregate })),
      ),
    ].map((blend) => ({ wordGopPull, wordGopKnee, localGopPull: 0, phoneWordBlend: 0, ...blend })),
  ),
);

/**
 * Candidate blends of the sentence scores: the share taken from the ridge regression (0 = trees
 * only, 1 = ridge only) and its penalty. Sentence scores do not depend on the rules above (nor the
 * rules on these), so the two are chosen side by side.
 */
export const LINEAR_CANDIDATES: Pick<ScoringRules, 'utteranceLinearShare' | 'utteranceRidge'>[] = [
  { utteranceLinearShare: 0, utteranceRidge: 30 },
  ...[0.25, 0.5, 0.75, 1].flatMap((utteranceLinearShare) =>
    [10, 30, 100].map((utteranceRidge) => ({ utteranceLinearShare, utteranceRidge })),
  ),
];
const RIDGES = [...new Set(LINEAR_CANDIDATES.map((c) => c.utteranceRidge as number))];

/**
 * A cached alignment as the product would have it: the skipped-word pass always ran in the cache,
 * but the product runs it only when some word looks skipped, so its verdicts are dropped otherwise.
 */
export function asProductAlignment(al: Alignment, model: CalibratedModel): Alignment {
  const copy = structuredClone(al);
  const unheard = copy.words.map((w) => ({ ...w, heard: undefined }));
  if (!mayHaveSkippedWords(unheard, model)) for (const w of copy.words) delete w.heard;
  return copy;
}

/** Agreement of the scorer's output (omission rules included) on held-out samples. */
export function scoreHeldOut(samples: Sample[], model: CalibratedModel, into = new Agreement()): Agreement {
  for (const s of samples) {
    const scored = scoreAlignment(asProductAlignment(s.al, model), {
      model,
      extra: { contours: s.contours, evidence: s.ev },
    });
    into.addProduct(scored, s.utt);
  }
  return into;
}

/**
 * The rules from the candidates' held-out agreement, each level by its own: the phone's rules — its
 * own pull, its share of the word's score and the pull of the word score it borrows — by the phones'
 * agreement over `RULE_CANDIDATES` (`phoneResults[r]`), the shown word's pull, knee and share from
 * its phones by the words' over `WORD_RULE_CANDIDATES` (`wordResults[r]`). Chosen together, a word
 * pull that helped the phones through the blend was shown on the words even where it cost them
 * agreement. `score` is the part of the configuration's mean agreement over the six scales that
 * the rules move.
 */
export function chooseRules(
  phoneResults: Agreement[],
  wordResults: Agreement[],
): { rules: ScoringRules; wordAt: number; score: number } {
  const best = (results: Agreement[], level: 'phone' | 'word') =>
    results.map((a, r) => ({ r, v: a.summary()[level] })).reduce((a, b) => (b.v > a.v ? b : a));
  const phone = best(phoneResults, 'phone');
  const word = best(wordResults, 'word');
  const p = RULE_CANDIDATES[phone.r];
  const w = WORD_RULE_CANDIDATES[word.r];
  const rules: ScoringRules = {
    wordGopPull: w.wordGopPull,
    wordGopKnee: w.wordGopKnee,
    localGopPull: p.localGopPull,
    phoneWordBlend: p.phoneWordBlend,
  };
  if (w.wordPhoneBlend) {
    rules.wordPhoneBlend = w.wordPhoneBlend;
    rules.wordPhoneAggregate = w.wordPhoneAggregate;
  }
  if (p.phoneWordBlend > 0 && (p.wordGopPull !== w.wordGopPull || p.wordGopKnee !== w.wordGopKnee)) {
    rules.phoneWordPull = p.wordGopPull;
    rules.phoneWordKnee = p.wordGopKnee;
  }
  return { rules, wordAt: word.r, score: (phone.v + word.v) / 6 };
}

/**
 * The part of a configuration's mean agreement over the six scales that the sentence blend moves
 * (the four sentence scales; `chooseRules` gives the phone and word part).
 */
const sentencePart = (a: Agreement) => {
  const s = a.summary();
  return (s.accuracy + s.fluency + s.prosodic + s.total) / 6;
};

/**
 * Picks tree settings, rule strengths and the sentence blend on `inner` speaker folds of `train`.
 * With `phones` (posterior phone models per fold, from `phoneStage` on the same folds), fold f is
 * scored by the phone model that did not see its speakers.
 */
export function chooseConfig(
  train: Sample[],
  acousticModel: string,
  inner: number,
  phones?: PhoneStage[],
): { config: ScoringConfig; heldOut: { words: Agreement; sentences: Agreement } } {
  const folds = speakerFolds(train, inner);
  let best: {
    score: number;
    config: ScoringConfig;
    heldOut: { words: Agreement; sentences: Agreement };
  } | null = null;
  for (const fit of Object.values(FIT_CANDIDATES)) {
    const results = RULE_CANDIDATES.map(() => new Agreement());
    const wordResults = WORD_RULE_CANDIDATES.map(() => new Agreement());
    const blends = LINEAR_CANDIDATES.map(() => new Agreement());
    for (let f = 0; f < inner; f++) {
      const { model, linear } = fitModelWithRidges(
        train.filter((_, i) => folds[i] !== f),
        acousticModel,
        // Rules act after the trees, so one fit serves every rule candidate.
        { fit, rules: RULE_CANDIDATES[0] },
        RIDGES,
        phones?.[f],
      );
      const heldOut = train.filter((_, i) => folds[i] === f);
      RULE_CANDIDATES.forEach((rules, r) => void scoreHeldOut(heldOut, { ...model, rules }, results[r]));
      WORD_RULE_CANDIDATES.forEach(
        (rules, r) => void scoreHeldOut(heldOut, { ...model, rules }, wordResults[r]),
      );
      LINEAR_CANDIDATES.forEach((blend, b) => {
        const rules = { ...RULE_CANDIDATES[0], ...blend };
        const utteranceLinear = linear.get(blend.utteranceRidge as number);
        scoreHeldOut(heldOut, { ...model, rules, utteranceLinear }, blends[b]);
      });
    }
    const bestRules = chooseRules(results, wordResults);
    const bestBlend = LINEAR_CANDIDATES.map((blend, b) => ({
      blend,
      b,
      score: sentencePart(blends[b]),
    })).reduce((a, b) => (b.score > a.score ? b : a));
    const score = bestRules.score + bestBlend.score;
    if (!best || score > best.score)
      best = {
        score,
        config: { fit, rules: { ...bestRules.rules, ...bestBlend.blend } },
        heldOut: { words: wordResults[bestRules.wordAt], sentences: blends[bestBlend.b] },
      };
  }
  if (!best) throw new Error('no candidate configuration');
  const chosen = best as NonNullable<typeof best>;
  return { config: chosen.config, heldOut: chosen.heldOut };
}

/**
 * What the 16 kHz model learns from besides the dev set: the train split's phones (without any
 * speaker the caller holds out) for the phone scorer, and wrong-text readings for the text check.
 */
export interface PosteriorData {
  corpus: PhoneUtt[];
  wrong: WrongReading[];
}

/**
 * Chooses on inner folds, then fits on all of `train`. With `posterior`, phones are scored from
 * posteriors and the model gets its wrong-text check (fitted on `train`'s speakers only).
 */
export function fitSelected(
  train: Sample[],
  acousticModel: string,
  inner: number,
  posterior?: PosteriorData,
): { config: ScoringConfig; model: CalibratedModel } {
  const stage = posterior ? phoneStage(train, posterior.corpus, inner) : undefined;
  const { config, heldOut } = chooseConfig(train, acousticModel, inner, stage?.perFold);
  const model = fitModel(train, acousticModel, config, stage?.full);
  // Scores spread like the experts' (held-out inner folds, as displayed before the mapping).
  model.display = fitDisplay(heldOut.words, heldOut.sentences);
  if (posterior) {
    const speakers = new Set(train.map((s) => s.utt.speaker));
    const wrong = posterior.wrong.filter((w) => speakers.has(w.speaker));
    model.textMatch = fitTextMatch(train, wrong, model.phoneStats);
  }
  return { config, model };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pearsonOf = (x: number[], y: number[]) => {
  const mx = mean(x);
  const my = mean(y);
  const cov = mean(x.map((v, i) => (v - mx) * (y[i] - my)));
  return cov / (sd(x) * sd(y) || 1);
};

/**
 * The linear display mapping of one scale from held-out (score, expert) pairs, the score divided by
 * `unit` to the experts' scale; recordings scored 0 (not read) are left out. `calibrated`: a reader
 * the experts rate t is shown t on average (the inverse of the regression of score on expert, gain
 * = spread ratio ÷ correlation), so weak readers land low and strong ones high; otherwise the same
 * mean and spread as the experts'. The gain is kept within 1–3 (never squeezing, never blowing noise
 * up); a linear map keeps order and correlation (clamping to the scale aside).
 */
function stretchOf(all: [number, number][], unit: number, calibrated: boolean): Stretch {
  const pairs = all.filter(([p]) => p > 0);
  const x = pairs.map(([p]) => p / unit);
  const y = pairs.map(([, t]) => t);
  const ratio = sd(y) / (sd(x) || 1);
  const r = Math.max(0.3, pearsonOf(x, y));
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  return {
    from: r4(mean(x)),
    to: r4(mean(y)),
    gain: r4(Math.min(3, Math.max(1, calibrated ? ratio / r : ratio))),
  };
}

/**
 * Display mappings from the inner folds' held-out scores: calibrated for the sentence scales (an
 * expert's 3/10 reader shows about 30, a 9/10 one about 90), spread-matched for words (whose
 * correlation with the experts is too low for the calibrated gain: it would mostly magnify noise).
 */
export function fitDisplay(words: Agreement, sentences: Agreement): NonNullable<CalibratedModel['display']> {
  return {
    word: stretchOf(words.word, 10, false),
    ...Object.fromEntries(UTTERANCE_TARGETS.map((t) => [t, stretchOf(sentences.utterance[t], 10, true)])),
  };
}

/** One outer fold of nested cross-validation: the model chosen and fitted without its speakers. */
export interface OuterFold {
  fold: number;
  config: ScoringConfig;
  model: CalibratedModel;
  /** The samples of the fold's speakers, in `samples` order; `model` never saw them. */
  heldOut: Sample[];
}

/**
 * The outer loop of nested cross-validation: `outer` speaker-disjoint folds (`speakerFolds`), each
 * fitted by `fitSelected` on the other speakers (`inner` folds choose). Fits one fold per step, so
 * a caller can score a fold before the next is fitted; `only` (0-based) runs some folds, so
 * separate processes can share the work. Both agreement benchmarks use it.
 */
export function* outerFolds(
  samples: Sample[],
  acousticModel: string,
  outer: number,
  inner: number,
  only?: number[],
  posterior?: PosteriorData,
): Generator<OuterFold> {
  const folds = speakerFolds(samples, outer);
  for (let fold = 0; fold < outer; fold++) {
    if (only && !only.includes(fold)) continue;
    const train = samples.filter((_, i) => folds[i] !== fold);
    const held = new Set(samples.filter((_, i) => folds[i] === fold).map((s) => s.utt.speaker));
    const data = posterior && {
      corpus: posterior.corpus.filter((u) => !held.has(u.speaker)),
      wrong: posterior.wrong.filter((w) => !held.has(w.speaker)),
    };
    const { config, model } = fitSelected(train, acousticModel, inner, data);
    yield { fold, config, model, heldOut: samples.filter((_, i) => folds[i] === fold) };
  }
}

export function describeConfig(c: ScoringConfig): string {
  const name = Object.entries(FIT_CANDIDATES).find(([, v]) => v === c.fit)?.[0] ?? 'custom';
  const r = c.rules;
  return (
    `trees ${name}, word pull ${r.wordGopPull} below ${r.wordGopKnee}, phone pull ${r.localGopPull}, ` +
    `phone from word ${r.phoneWordBlend}` +
    (r.phoneWordPull === undefined ? '' : ` (pulled ${r.phoneWordPull} below ${r.phoneWordKnee})`) +
    (r.wordPhoneBlend ? `, word from phones ${r.wordPhoneBlend} (${r.wordPhoneAggregate})` : '') +
    `, sentence scores ${r.utteranceLinearShare ?? 0} ridge ` +
    `(penalty ${r.utteranceRidge ?? '-'})`
  );
}
