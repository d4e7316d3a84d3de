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
    questions: {
      key: string;
      questionText: string;
      presentationText: string;
      isTrueGood: boolean;
      severity: 'MEDIUM' | 'HIGH';
      speaker: 'AGENT' | 'CUSTOMER' | 'ANY';
      phrases: string[];
      examples: string[];
    }[];
  }[];
}
