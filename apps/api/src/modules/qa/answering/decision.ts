import { readFileSync } from 'node:fs';
import type { Answer } from '@agaton/contracts';

/**
 * The offline answerer's decision for a question written as prose (no phrases or examples of an
 * admin): from what the call shows for it (its evidence scores, its premise's support, the question's
 * shape) to YES / NO / NOT_APPLICABLE with a probability. A multinomial logistic regression fitted by
 * `npm run qa:fit` on the labelled prose tuning ground (bench/qa-set: the agreement set's calls with
 * its questions as prose, the prose tuning set), chosen and reported by leaving one scorecard family
 * out (its calls and questions unseen). Its probability is the answer's confidence; below
 * `reviewBelow` the answer needs review.
 */

/** The measures of one question in one call, in the order the model's weights use. */
export const DECISION_FEATURES = [
  /** Best, second-best agreeing evidence; best negated evidence (0..1). */
  'p',
  'p2',
  'n',
  /** Support for the question's premise (0..1; 0 without one) and whether it has none. */
  'pre',
  'noPre',
  /** YES is the good answer; the question is of HIGH severity. */
  'good',
  'high',
  /** The premise is in the question itself (not only in its explanation). */
  'preInQuestion',
  /** The behaviour is asking something; the best agreeing sentence is a question. */
  'asks',
  'bestIsQuestion',
  /** Where the best agreeing line lies in the call (0 first … 1 last; −1 none). */
  'bestPos',
  /** Whose lines answer it. */
  'agentSpeaker',
  'customerSpeaker',
  /** The best agreeing evidence matched by words (not by meaning), and its kind. */
  'byWords',
  'kindPhrase',
  'kindExample',
  'kindDerived',
  'kindReference',
  'kindNone',
  /** The lead of agreeing over negated evidence, and the thresholds of the rule for admin evidence. */
  'pMinusN',
  'pAtLeastYesThreshold',
  'pAtLeast08',
  'nAtLeastYesThreshold',
  'premiseWeak',
  /**
   * A customer's agreement read from the call's structure (agreement.ts): whether it is one, and its
   * best agreeing and negated evidence (0 otherwise), which mean otherwise than a match of words or
   * meaning does.
   */
  'agreement',
  'agreementP',
  'agreementN',
] as const;

export type DecisionFeature = (typeof DECISION_FEATURES)[number];
export type DecisionFeatures = Record<DecisionFeature, number>;

export interface DecisionModel {
  features: DecisionFeature[];
  classes: Answer[];
  /** One row of weights per class, in `features` order. */
  weights: number[][];
  intercepts: number[];
  /** An answer whose probability is below this needs review. */
  reviewBelow: number;
  /**
   * The most confidence an answer of this class may state (absent: 1). A Not applicable rests on
   * a premise not being found, and absence of evidence is weaker than evidence (qa:fit says why).
   */
  maxConfidence?: Partial<Record<Answer, number>>;
  /** What it was fitted on and how it did on families it was not fitted on (for readers). */
  fitted: Record<string, unknown>;
}

export interface Decision {
  answer: Answer;
  /** The answer's probability, 0..1. */
  confidence: number;
  needsReview: boolean;
}

export function decide(model: DecisionModel, features: DecisionFeatures): Decision {
  const x = model.features.map((f) => features[f]);
  const logits = model.weights.map((w, k) => model.intercepts[k] + w.reduce((s, wi, i) => s + wi * x[i], 0));
  const top = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  let best = 0;
  for (let k = 1; k < exp.length; k += 1) if (exp[k] > exp[best]) best = k;
  const answer = model.classes[best];
  const confidence = Math.min(model.maxConfidence?.[answer] ?? 1, Math.round((exp[best] / sum) * 100) / 100);
  return { answer, confidence, needsReview: confidence < model.reviewBelow };
}

let installed: DecisionModel | null = null;

/** The installed model (decision-model.json beside this file), read once. */
export function installedDecisionModel(): DecisionModel {
  installed ??= JSON.parse(
    readFileSync(new URL('./decision-model.json', import.meta.url), 'utf8'),
  ) as DecisionModel;
  return installed;
}
