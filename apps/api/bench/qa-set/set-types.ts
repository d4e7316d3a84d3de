import type { AnswerableQuestion } from '../../src/modules/qa/answering/types.ts';

/** One call of the QA agreement set as keys.json holds it (written by build-set.ts). */
export type KeyAnswer = 'YES' | 'NO' | 'NOT_APPLICABLE';

export interface SetCall {
  id: string;
  split: 'tuning' | 'heldout';
  title: string;
  /** Keys of the scorecards whose questions are keyed for this call. */
  scorecards: string[];
  /** A two-voice recording exists (audio/<id>.ogg). */
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
