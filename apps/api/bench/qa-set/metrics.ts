import type { FlagLevel } from '@agaton/contracts';
import type { KeyAnswer, SetCall } from './set-types.ts';

/** What the product answered for one keyed question of one call. */
export interface Produced {
  answer: KeyAnswer;
  flagLevel: FlagLevel;
  needsReview: boolean;
  /** The answerer's confidence, 0–1. */
  confidence: number;
  /** Times of the cited lines (the call's own transcript may be the engine's, so lines are compared by time). */
  cited: { start: number; end: number }[];
}

export interface QuestionMeta {
  key: string;
  isTrueGood: boolean;
  severity: 'MEDIUM' | 'HIGH';
}

export interface Scores {
  answers: number;
  correct: number;
  /** Red flags: produced RED vs the key's (a bad answer to a HIGH question). */
  redTruePositive: number;
  redProduced: number;
  redExpected: number;
  /** Cited lines of correct answers whose key names lines: in the expected set, and all. */
  citedGood: number;
  cited: number;
  /** Correct answers whose key names lines but that cite none. */
  uncited: number;
  needsReview: number;
  /** Answers not marked for review, and how many of them are right. */
  answered: number;
  answeredRight: number;
  /** Per confidence band (CONFIDENCE_BANDS' lower bounds): answers and right answers. */
  bands: { n: number; right: number }[];
  /** Per kind of answer ("NO, nothing cited", "YES, cited"…): answers and right answers. */
  kinds: Record<string, { n: number; right: number }>;
  misses: string[];
}

/** Lower bounds of the confidence bands of the calibration table. */
export const CONFIDENCE_BANDS = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95] as const;
const bandOf = (confidence: number) => CONFIDENCE_BANDS.findLastIndex((b) => confidence >= b);

export function emptyScores(): Scores {
  return {
    answers: 0,
    correct: 0,
    redTruePositive: 0,
    redProduced: 0,
    redExpected: 0,
    citedGood: 0,
    cited: 0,
    uncited: 0,
    needsReview: 0,
    answered: 0,
    answeredRight: 0,
    bands: CONFIDENCE_BANDS.map(() => ({ n: 0, right: 0 })),
    kinds: {},
    misses: [],
  };
}

/** Adds one set's scores to a total; its misses are labelled with the set's name. */
export function addScores(total: Scores, s: Scores, name: string): void {
  for (const k of Object.keys(total) as (keyof Scores)[]) {
    if (k === 'misses') total.misses.push(...s.misses.map((m) => `[${name}] ${m}`));
    else if (k === 'bands') {
      for (const [i, t] of s.bands.entries()) addTally(total.bands[i], t);
    } else if (k === 'kinds') {
      for (const [kind, t] of Object.entries(s.kinds)) {
        total.kinds[kind] ??= { n: 0, right: 0 };
        addTally(total.kinds[kind], t);
      }
    } else total[k] += s[k];
  }
}

function addTally(into: { n: number; right: number }, t: { n: number; right: number }): void {
  into.n += t.n;
  into.right += t.right;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start) > 0.05;

/** Adds one call's produced answers to the scores. */
export function score(
  scores: Scores,
  call: SetCall,
  questions: Map<string, QuestionMeta>,
  produced: Map<string, Produced>,
): void {
  for (const [key, expected] of Object.entries(call.keys)) {
    const meta = questions.get(key);
    const got = produced.get(key);
    if (!meta) continue;
    scores.answers += 1;
    const bad = expected.answer !== 'NOT_APPLICABLE' && expected.answer !== (meta.isTrueGood ? 'YES' : 'NO');
    const expectedRed = bad && meta.severity === 'HIGH';
    if (expectedRed) scores.redExpected += 1;
    if (!got) {
      scores.misses.push(`${call.id} ${key}: no answer (key ${expected.answer})`);
      continue;
    }
    const right = got.answer === expected.answer;
    if (got.needsReview) scores.needsReview += 1;
    else {
      scores.answered += 1;
      if (right) scores.answeredRight += 1;
    }
    const uncited = got.answer === 'NO' && got.cited.length === 0;
    const kind =
      `${got.answer}${got.answer === 'NOT_APPLICABLE' ? '' : got.cited.length ? ', cited' : ', nothing cited'}` +
      `${uncited ? (meta.isTrueGood ? ' (bad)' : ' (good)') : ''}${got.confidence >= 0.9 ? ' ≥0.9' : ''}`;
    scores.kinds[kind] ??= { n: 0, right: 0 };
    const one = { n: 1, right: right ? 1 : 0 };
    addTally(scores.bands[bandOf(got.confidence)], one);
    addTally(scores.kinds[kind], one);
    if (got.flagLevel === 'RED') {
      scores.redProduced += 1;
      if (expectedRed) scores.redTruePositive += 1;
    }
    if (!right) {
      scores.misses.push(
        `${call.id} ${key}: ${got.answer} ${got.confidence.toFixed(2)}${got.needsReview ? ' (review)' : ''}${got.cited.length ? '' : ' uncited'}, key ${expected.answer}`,
      );
      continue;
    }
    scores.correct += 1;
    if (expected.lines.length === 0) continue;
    const want = expected.lines.map((i) => call.lines[i]);
    if (got.cited.length === 0) {
      scores.uncited += 1;
      scores.misses.push(`${call.id} ${key}: right answer, no line cited`);
    }
    for (const c of got.cited) {
      scores.cited += 1;
      if (want.some((w) => overlaps(w, c))) scores.citedGood += 1;
      else scores.misses.push(`${call.id} ${key}: cited ${c.start}s–${c.end}s, not an expected line`);
    }
  }
}

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

export function row(label: string, s: Scores): string {
  return [
    label.padEnd(32),
    `${pct(s.correct, s.answers)} (${s.correct}/${s.answers})`.padEnd(20),
    `${pct(s.answered, s.answers)}`.padEnd(10),
    `${pct(s.answeredRight, s.answered)} (${s.answeredRight}/${s.answered})`.padEnd(20),
    `${pct(s.redTruePositive, s.redProduced)} (${s.redTruePositive}/${s.redProduced})`.padEnd(18),
    `${pct(s.redTruePositive, s.redExpected)} (${s.redTruePositive}/${s.redExpected})`.padEnd(18),
    `${pct(s.citedGood, s.cited)} (${s.citedGood}/${s.cited})`.padEnd(20),
  ].join(' ');
}

export const HEADER = [
  'set'.padEnd(32),
  'answers right'.padEnd(20),
  'answered'.padEnd(10),
  'right when answered'.padEnd(20),
  'red precision'.padEnd(18),
  'red recall'.padEnd(18),
  'citations right',
].join(' ');

/** The calibration table of one set: per confidence band, the answers in it and the share right. */
export function calibration(label: string, s: Scores): string {
  const cells = CONFIDENCE_BANDS.map((low, i) => {
    const { n, right } = s.bands[i];
    return `≥${low.toFixed(2)}: ${n ? `${pct(right, n).trim()} of ${n}` : '–'}`;
  });
  const high = s.bands.filter((_, i) => CONFIDENCE_BANDS[i] >= 0.9);
  const n = high.reduce((a, b) => a + b.n, 0);
  const right = high.reduce((a, b) => a + b.right, 0);
  return `${label.padEnd(32)} ${cells.join('  ')}  | ≥0.90 in all: ${n ? `${pct(right, n).trim()} of ${n}` : '–'}`;
}

/** The share of answers right per kind of answer (answer, whether a line is cited, confidence ≥ 0.9). */
export function kinds(label: string, s: Scores): string {
  const cells = Object.entries(s.kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, { n, right }]) => `${kind}: ${pct(right, n).trim()} of ${n}`);
  return `${label.padEnd(32)} ${cells.join('  ')}`;
}
