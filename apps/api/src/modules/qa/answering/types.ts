import type { Answer, TranscriptLine } from '@agaton/contracts';

/** A scorecard question as the answerer needs it. */
export interface AnswerableQuestion {
  questionId: string;
  questionText: string;
  presentationText: string;
  /** true: YES is the good answer. */
  isTrueGood: boolean;
  severity: 'MEDIUM' | 'HIGH';
  /** Whose lines answer it (UNKNOWN lines count for either). */
  speaker: 'AGENT' | 'CUSTOMER' | 'ANY';
  /** Literal phrases whose presence means YES. */
  phrases: string[];
  /** Example phrasings of a YES, compared by meaning. */
  examples: string[];
}

/** A scorecard's reference document (script, policy) as text. */
export interface ReferenceDocument {
  name: string;
  text: string;
}

export interface QuestionAnswer {
  questionId: string;
  answer: Answer;
  /** 0..1 */
  confidence: number;
  needsReview: boolean;
  /** Transcript line indexes cited (≥1 unless NOT_APPLICABLE or a NO without evidence). */
  lineIndexes: number[];
  answeredBy: 'OFFLINE' | 'LLM';
}

export interface AnswerCallInput {
  lines: TranscriptLine[];
  questions: AnswerableQuestion[];
  references: ReferenceDocument[];
  signal?: AbortSignal;
}

export interface CallAnswerer {
  answerCall(input: AnswerCallInput): Promise<QuestionAnswer[]>;
}
