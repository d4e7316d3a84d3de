import type { AnswerableQuestion } from '../../src/modules/qa/answering/types.ts';

export type KeyAnswer = 'YES' | 'NO' | 'NOT_APPLICABLE';

/**
 * The labelled sets of the QA agreement bench, as files of this folder. `agreement` was written
 * together with the answerer's rules and is for tuning (its `heldout` split included); `prose` is a
 * held-out set of prose questions (no evidence phrases) and calls written independently, scored as a
 * baseline and never tuned on. `proseTuning` is a tuning set of prose questions and calls, written
 * independently of the held-out prose set. build-set.ts builds one set per run; qa.bench.ts reads all.
 */
export const SETS = {
  agreement: {
    source: 'calls.txt',
    scorecards: 'scorecards.json',
    calls: 'calls',
    audio: 'audio',
    keys: 'keys.json',
    splits: ['tuning', 'heldout'],
    /** Unlisted questions default to NO, or NOT_APPLICABLE for the ones starting "If". */
    explicit: false,
  },
  prose: {
    source: 'prose-calls.txt',
    scorecards: 'prose-scorecards.json',
    calls: 'prose-calls',
    audio: 'prose-audio',
    keys: 'prose-keys.json',
    splits: ['heldout-prose'],
    /** Every question of a call's scorecards must be on its keys line. */
    explicit: true,
  },
  proseTuning: {
    source: 'prose-tuning-calls.txt',
    scorecards: 'prose-tuning-scorecards.json',
    calls: 'prose-tuning-calls',
    audio: 'prose-tuning-audio',
    keys: 'prose-tuning-keys.json',
    splits: ['tuning-prose'],
    /** Every question of a call's scorecards must be on its keys line; no recordings. */
    explicit: true,
  },
} as const satisfies Record<
  string,
  {
    source: string;
    scorecards: string;
    calls: string;
    audio: string;
    keys: string;
    splits: readonly SetCall['split'][];
    explicit: boolean;
  }
>;
export type SetName = keyof typeof SETS;

/** One call of a QA agreement set as its keys file holds it (written by build-set.ts). */

export interface SetCall {
  id: string;
  split: 'tuning' | 'heldout' | 'heldout-prose' | 'tuning-prose';
  title: string;
  /** Keys of the scorecards whose questions are keyed for this call. */
  scorecards: string[];
  /** A two-voice recording exists (<the set's audio folder>/<id>.ogg). */
  audio: boolean;
  /** The transcript lines in order, with times (citations are compared by time overlap). */
  lines: { speaker: 'AGENT' | 'CUSTOMER'; start: number; end: number; text: string }[];
  /** Question key → the expected answer and the lines that show it. */
  keys: Record<string, { answer: KeyAnswer; lines: number[] }>;
}

export interface SetScorecards {
  scorecards: {
    key: string;
    name: string;
    documents: string[];
    /** The questions as the answerer takes them, named by a key instead of an id. */
    questions: (Omit<AnswerableQuestion, 'questionId'> & { key: string })[];
  }[];
}
