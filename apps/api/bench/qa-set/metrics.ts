import type { FlagLevel } from '@agaton/contracts';
import type { KeyAnswer, SetCall } from './set-types.ts';

/** What the product answered for one keyed question of one call. */
export interface Produced {
  answer: KeyAnswer;
  flagLevel: FlagLevel;
  needsReview: boolean;
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
  misses: string[];
}

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
    misses: [],
  };
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
    if (got.needsReview) scores.needsReview += 1;
    if (got.flagLevel === 'RED') {
      scores.redProduced += 1;
      if (expectedRed) scores.redTruePositive += 1;
    }
    if (got.answer !== expected.answer) {
      scores.misses.push(
        `${call.id} ${key}: ${got.answer}${got.needsReview ? ' (review)' : ''}, key ${expected.answer}`,
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
    `${pct(s.redTruePositive, s.redProduced)} (${s.redTruePositive}/${s.redProduced})`.padEnd(18),
    `${pct(s.redTruePositive, s.redExpected)} (${s.redTruePositive}/${s.redExpected})`.padEnd(18),
    `${pct(s.citedGood, s.cited)} (${s.citedGood}/${s.cited})`.padEnd(20),
    `${s.needsReview}`,
  ].join(' ');
}

export const HEADER = [
  'set'.padEnd(32),
  'answers right'.padEnd(20),
  'red precision'.padEnd(18),
  'red recall'.padEnd(18),
  'citations right'.padEnd(20),
  'review',
].join(' ');
