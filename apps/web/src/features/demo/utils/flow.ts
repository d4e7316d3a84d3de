import type { DemoLevel, FreeSpeechTask, ReadingTask } from '../tasks';
import { DEMO_LEVELS } from '../tasks';
import type { CefrBand, LevelAverages } from './banding';
import { cefrBand, overallScore } from './banding';

/** 'full': reading then free speech; 'free-speech': topics only, with back and next. */
export type DemoMode = 'full' | 'free-speech';

export interface TaskScore {
  _id: string;
  level: DemoLevel;
  overall_score: number;
}

/** Test result meta (spec 3 section 3.10). */
export interface GroupMeta {
  finishReason: 'FULL_COMPLETE';
  lastFinishLevel: DemoLevel | null;
  numberOfCompletedLevels: number;
  numberOfLevels: number;
  stopBecauseLowScore: false;
}

export interface ResultGroup {
  scores: TaskScore[];
  meta: GroupMeta;
}

export interface TestResult {
  reading?: ResultGroup;
  freeSpeech?: ResultGroup;
  averages: LevelAverages;
  cefr: CefrBand;
  overallScore: number;
}

export interface FlowState {
  mode: DemoMode;
  phase: 'reading' | 'free-speech' | 'results';
  index: number;
  reading: readonly ReadingTask[];
  topics: readonly FreeSpeechTask[];
  /** Best score of this visit per task id. */
  scores: Record<string, number>;
  result: TestResult | null;
}

export type FlowAction =
  | { type: 'scored'; taskId: string; score: number }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'restart' };

export function initialFlow(options: {
  mode: DemoMode;
  reading: readonly ReadingTask[];
  topics: readonly FreeSpeechTask[];
}): FlowState {
  return {
    ...options,
    phase: options.mode === 'full' && options.reading.length ? 'reading' : 'free-speech',
    index: 0,
    scores: {},
    result: null,
  };
}

/** Stepping rules of spec 3 section 4 "Demo flow". */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'scored': {
      const best = Math.max(action.score, state.scores[action.taskId] ?? Number.NEGATIVE_INFINITY);
      return { ...state, scores: { ...state.scores, [action.taskId]: best } };
    }
    case 'back':
      // Only the free-speech-only mode has a back button.
      if (state.mode !== 'free-speech' || state.phase !== 'free-speech' || state.index === 0) return state;
      return { ...state, index: state.index - 1 };
    case 'next':
      if (state.phase === 'reading') {
        if (state.index < state.reading.length - 1) return { ...state, index: state.index + 1 };
        return { ...state, phase: state.topics.length ? 'free-speech' : 'results', index: 0, result: null };
      }
      if (state.phase === 'free-speech') {
        if (state.index < state.topics.length - 1) return { ...state, index: state.index + 1 };
        return { ...state, phase: 'results', result: buildResult(state) };
      }
      return state;
    case 'restart':
      return initialFlow(state);
  }
}

function group(
  tasks: readonly (ReadingTask | FreeSpeechTask)[],
  scores: Record<string, number>,
): ResultGroup {
  const scored = tasks
    .filter((t) => scores[t._id] !== undefined)
    .map((t) => ({ _id: t._id, level: t.level, overall_score: scores[t._id] }));
  const levels = DEMO_LEVELS.filter((l) => tasks.some((t) => t.level === l));
  const completed = levels.filter((l) =>
    tasks.filter((t) => t.level === l).every((t) => scores[t._id] !== undefined),
  );
  return {
    scores: scored,
    meta: {
      finishReason: 'FULL_COMPLETE',
      lastFinishLevel: completed.at(-1) ?? null,
      numberOfCompletedLevels: completed.length,
      numberOfLevels: levels.length,
      stopBecauseLowScore: false,
    },
  };
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * Final result: reading and free speech, or free speech only when no reading was scored. The CEFR band
 * uses per-level averages over both groups; the overall score is the average × share of completed levels.
 */
export function buildResult(state: Pick<FlowState, 'reading' | 'topics' | 'scores'>): TestResult {
  const reading = group(state.reading, state.scores);
  const freeSpeech = group(state.topics, state.scores);
  const groups = [reading.scores.length ? reading : null, freeSpeech].filter((g): g is ResultGroup => !!g);
  const all = groups.flatMap((g) => g.scores);
  const byLevel = (level: DemoLevel) => all.filter((s) => s.level === level).map((s) => s.overall_score);
  const averages: LevelAverages = {
    low: mean(byLevel('LOW')),
    medium: mean(byLevel('MEDIUM')),
    advanced: mean(byLevel('ADVANCED')),
  };
  const completedLevels = groups.reduce((n, g) => n + g.meta.numberOfCompletedLevels, 0);
  const totalLevels = groups.reduce((n, g) => n + g.meta.numberOfLevels, 0);
  return {
    ...(reading.scores.length ? { reading } : {}),
    freeSpeech,
    averages,
    cefr: cefrBand(averages),
    overallScore: overallScore({
      average: mean(all.map((s) => s.overall_score)),
      completedLevels,
      totalLevels,
    }),
  };
}
