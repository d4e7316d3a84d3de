import {
  type ActivityType,
  type AssessmentStatus,
  type FinishReason,
  TEST_LEVELS,
  TEST_PARTS,
  TEST_RULES,
  type TestLevel,
  type TestPart,
} from '@agaton/contracts';
import type { DrawnTest } from './test-draw.ts';

/**
 * The English test's rules as pure functions: a challenge's state is computed from its drawn test,
 * its activity rows and the time, so a reload, a second tab or a retried request all see the same
 * state. Nothing here reads the clock or a database.
 */

/** One stored activity, as far as the rules need it (challenge_activities). */
export interface ActivityRow {
  type: ActivityType;
  part: TestPart;
  level: TestLevel | null;
  itemId: string | null;
  /** 0–100 for answers. */
  score: number | null;
  createdAt: Date;
  /** What was answered and measured (the results read it). */
  answer?: Record<string, unknown> | null;
}

/** Where one part stands, with what the results need beyond the candidate-facing progress. */
export interface PartState {
  part: TestPart;
  state: 'not-started' | 'in-progress' | 'finished';
  /** Level being taken, or the last one reached. */
  level: TestLevel;
  /** The item to answer next (in-progress only). */
  itemId: string | null;
  answered: number;
  /** The items answered (each at most once). */
  answeredIds: string[];
  /** Items the part asks at most. 0: the part is not in this test (skipped). */
  total: number;
  startedAt: Date | null;
  deadline: Date | null;
  finishReason: FinishReason | null;
  /** The levels this part climbs (free speech: the one level its topic was drawn for). */
  levels: TestLevel[];
  /** Item ids per level, in the order they are asked. */
  items: Partial<Record<TestLevel, string[]>>;
  /** Mean item score of each level reached (unanswered items count 0); absent when not reached. */
  levelScores: Partial<Record<TestLevel, number>>;
  /** Levels whose items were all answered. */
  completedLevels: TestLevel[];
}

export interface TestState {
  parts: PartState[];
  /** The part to take now; null when every part is finished. */
  currentPart: TestPart | null;
  /** The current part is in progress (false before it is started and once it finished). */
  mayContinuePart: boolean;
  isFinished: boolean;
  /** An in-progress part whose clock ran out more than the grace ago: it must be closed (TIMES_UP). */
  overdue: TestPart | null;
}

const ANSWER_TYPES: Record<TestPart, ActivityType> = {
  Reading: 'read-phrase',
  Listening: 'answer-comprehension-question',
  ReadingComprehension: 'answer-comprehension-question',
  FreeSpeech: 'answer-free-speech',
};

/** The activity type that answers an item of `part`. */
export function answerTypeOf(part: TestPart): ActivityType {
  return ANSWER_TYPES[part];
}

export function isAnswer(type: ActivityType): boolean {
  return type === 'read-phrase' || type === 'answer-comprehension-question' || type === 'answer-free-speech';
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Item ids per level of a climbing part, in the drawn order. */
function climbingItems(test: DrawnTest, part: Exclude<TestPart, 'FreeSpeech'>) {
  const key = part === 'Reading' ? 'reading' : part === 'Listening' ? 'listening' : 'readingComprehension';
  return Object.fromEntries(
    TEST_LEVELS.map((level) => [level, test.levels[level][key].map((item) => item.id)]),
  ) as Record<TestLevel, string[]>;
}

/**
 * The level whose free-speech topic the test asks: the highest level the candidate completed in
 * Reading with a score at or above the level guard; LOW when none.
 */
export function freeSpeechLevel(reading: Pick<PartState, 'completedLevels' | 'levelScores'>): TestLevel {
  let reached: TestLevel = 'LOW';
  for (const level of TEST_LEVELS) {
    const score = reading.levelScores[level];
    if (reading.completedLevels.includes(level) && score !== undefined && score >= TEST_RULES.levelGuard) {
      reached = level;
    }
  }
  return reached;
}

function partState(options: {
  part: TestPart;
  levels: TestLevel[];
  items: Partial<Record<TestLevel, string[]>>;
  rows: ActivityRow[];
  limitSeconds: number;
  now: Date;
}): PartState & { overdue: boolean } {
  const { part, levels, items, rows, now } = options;
  const own = rows.filter((r) => r.part === part);
  const start = own.find((r) => r.type === 'start-part');
  const timedOut = own.some((r) => r.type === 'timeout');
  const scores = new Map<string, number>();
  for (const r of own) if (isAnswer(r.type) && r.itemId) scores.set(r.itemId, r.score ?? 0);
  const answeredIds = levels.flatMap((level) => items[level] ?? []).filter((id) => scores.has(id));
  const total = levels.reduce((n, level) => n + (items[level]?.length ?? 0), 0);
  const base: PartState & { overdue: boolean } = {
    part,
    state: 'not-started',
    level: levels[0],
    itemId: null,
    answered: answeredIds.length,
    answeredIds,
    total,
    startedAt: start?.createdAt ?? null,
    deadline: start ? new Date(start.createdAt.getTime() + options.limitSeconds * 1000) : null,
    finishReason: null,
    levels,
    items,
    levelScores: {},
    completedLevels: [],
    overdue: false,
  };
  // A part with nothing to ask (listening without text-to-speech) is not in the test.
  if (total === 0) return { ...base, state: 'finished', deadline: null };
  if (!start) return base;
  for (const [index, level] of levels.entries()) {
    const ids = items[level] ?? [];
    const levelScore = mean(ids.map((id) => scores.get(id) ?? 0));
    base.levelScores[level] = levelScore;
    base.level = level;
    const next = ids.find((id) => !scores.has(id));
    if (next === undefined) {
      base.completedLevels.push(level);
      // One-level parts (the free answer) are complete once answered; climbing parts stop at the guard.
      if (levels.length > 1 && levelScore < TEST_RULES.levelGuard) {
        return { ...base, state: 'finished', finishReason: 'LEVEL_LOW_SCORE' };
      }
      if (index === levels.length - 1) return { ...base, state: 'finished', finishReason: 'FULL_COMPLETE' };
      continue;
    }
    if (timedOut) return { ...base, state: 'finished', finishReason: 'TIMES_UP' };
    const overdue =
      !!base.deadline && now.getTime() > base.deadline.getTime() + TEST_RULES.deadlineGraceSeconds * 1000;
    return { ...base, state: 'in-progress', itemId: next, overdue };
  }
  return base;
}

/** The state of every part, in order, and of the test, from the drawn test and the activity rows. */
export function computeState(test: DrawnTest, rows: ActivityRow[], now: Date): TestState {
  const parts: PartState[] = [];
  let overdue: TestPart | null = null;
  for (const part of TEST_PARTS) {
    let levels: TestLevel[] = [...TEST_LEVELS];
    let items: Partial<Record<TestLevel, string[]>>;
    if (part === 'FreeSpeech') {
      // Parts are taken in order, so Reading is final by the time the free answer is asked.
      const level = freeSpeechLevel(parts[0]);
      levels = [level];
      items = { [level]: [test.levels[level].freeSpeech.id] };
    } else {
      items = climbingItems(test, part);
    }
    const { overdue: late, ...state } = partState({
      part,
      levels,
      items,
      rows,
      limitSeconds: test.timeLimitsSeconds[part],
      now,
    });
    if (late) overdue = part;
    parts.push(state);
  }
  const current = parts.find((p) => p.state !== 'finished') ?? null;
  return {
    parts,
    currentPart: current?.part ?? null,
    mayContinuePart: current?.state === 'in-progress',
    isFinished: current === null,
    overdue,
  };
}

/** The candidate-facing status (assessmentStatusSchema). */
export function toAssessmentStatus(
  state: TestState,
  options: { completedAt: Date | null; now: Date },
): AssessmentStatus {
  return {
    mayContinuePart: state.mayContinuePart,
    isFinished: state.isFinished,
    assessmentResult: options.completedAt ? { completedAt: options.completedAt.toISOString() } : null,
    currentPart: state.currentPart,
    parts: state.parts.map((p) => ({
      part: p.part,
      state: p.state,
      level: p.level,
      itemId: p.itemId,
      answered: p.answered,
      total: p.total,
      deadline: p.state === 'in-progress' && p.deadline ? p.deadline.toISOString() : null,
      finishReason: p.finishReason,
    })),
    serverTime: options.now.toISOString(),
  };
}
