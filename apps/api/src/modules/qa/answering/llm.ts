import type { TranscriptLine } from '@agaton/contracts';
import { z } from 'zod';
import { type LlmSettings, streamChatCompletion } from '../../../providers/llm/openai-chat.ts';
import type { AnswerableQuestion, AnswerCallInput, QuestionAnswer } from './types.ts';

/**
 * The model path: one chat-completions request per call with the numbered transcript, the questions
 * and the scorecards' reference text; the model answers JSON. Every answer is checked — a known
 * question, a known answer, cited lines that exist and belong to the question's speaker (UNKNOWN
 * lines fit anyone), at least one line for a YES, none for NOT_APPLICABLE, a confidence in 0..1, the
 * premise decided first and the answer following from it (not applicable exactly when it did not
 * occur) —
 * and anything that fails is left out, so the offline answer stands for that question.
 */
export const LLM_TUNING = {
  /** An answer the model is less sure of than this needs review. */
  REVIEW_CONFIDENCE: 0.6,
  /** Longest transcript sent (characters); a longer call is answered offline. */
  MAX_TRANSCRIPT_CHARS: 120_000,
  MAX_REFERENCE_CHARS: 12_000,
  TIMEOUT_MS: 120_000,
} as const;

const llmAnswerSchema = z.object({
  questionId: z.string(),
  /**
   * Whether the situation the question presupposes happened (a price objection, an existing account, a
   * refund request); NONE for a question that presupposes nothing. Decided before the answer.
   */
  premise: z.enum(['OCCURRED', 'DID_NOT_OCCUR', 'NONE']),
  answer: z.enum(['YES', 'NO', 'NOT_APPLICABLE']),
  lineIndexes: z.array(z.number().int()),
  confidence: z.number().min(0).max(1),
});
const llmReplySchema = z.object({ answers: z.array(z.unknown()) });

const SYSTEM = [
  'You are a call quality analyst. You read a transcript of a phone call between an AGENT and a CUSTOMER',
  'and answer yes/no questions about it. Rules:',
  '- Answer from the transcript only; the reference documents say what the agent is expected to say.',
  "- A question is about one speaker: only that speaker's lines count (lines marked UNKNOWN count for anyone).",
  '- A negated statement ("I can\'t offer a refund") is not the behaviour itself.',
  '- First decide the premise: does the question presuppose a situation (a price objection, a refund request,',
  '  an existing account, a cancellation, a competitor mentioned), whether written with "if"/"when" or not?',
  '  premise: "OCCURRED" or "DID_NOT_OCCUR" for such a question, "NONE" when it presupposes nothing.',
  '  Customers use trigger words without the situation happening ("the price is fine"): judge what happened.',
  '- Then the answer: NOT_APPLICABLE exactly when the premise DID_NOT_OCCUR; otherwise judge the behaviour,',
  '  also when the agent does the right thing in unusual words.',
  '- lineIndexes: the numbers of the lines that show the answer; [] for NOT_APPLICABLE, and [] for NO when',
  '  nothing in the call shows it (cite a line for NO only when a line shows it, e.g. a refusal).',
  '- confidence: 0 to 1.',
  'Reply with JSON only, no prose: {"answers":[{"questionId":"...","premise":"OCCURRED"|"DID_NOT_OCCUR"|"NONE",',
  '"answer":"YES"|"NO"|"NOT_APPLICABLE","lineIndexes":[0],"confidence":0.9}]} with one entry per question.',
].join('\n');

function userPrompt(input: AnswerCallInput): string {
  const transcript = input.lines
    .map((l) => `${l.index} [${l.speaker}] ${l.text.replace(/\s+/g, ' ')}`)
    .join('\n');
  let references = input.references.map((r) => `## ${r.name}\n${r.text.trim()}`).join('\n\n');
  if (references.length > LLM_TUNING.MAX_REFERENCE_CHARS)
    references = references.slice(0, LLM_TUNING.MAX_REFERENCE_CHARS);
  const questions = input.questions.map((q) => ({
    questionId: q.questionId,
    question: q.questionText,
    explanation: q.presentationText || undefined,
    speaker: q.speaker,
    phrasesThatMeanYes: q.phrases.length ? q.phrases : undefined,
    examplesOfYes: q.examples.length ? q.examples : undefined,
  }));
  return [
    references ? `Reference documents:\n${references}` : 'Reference documents: none.',
    `Transcript (line number, speaker, text):\n${transcript}`,
    `Questions:\n${JSON.stringify(questions, null, 1)}`,
  ].join('\n\n');
}

/** The first JSON object of a reply (tolerates ```json fences and a sentence around it). */
function parseReply(content: string): unknown[] {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in the reply');
  return llmReplySchema.parse(JSON.parse(content.slice(start, end + 1))).answers;
}

/** An answer of the model, or null when it does not hold up against the call and the question. */
export function validateLlmAnswer(
  raw: unknown,
  questions: Map<string, AnswerableQuestion>,
  lines: Map<number, TranscriptLine>,
): QuestionAnswer | null {
  const parsed = llmAnswerSchema.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  const question = questions.get(a.questionId);
  if (!question) return null;
  const indexes = [...new Set(a.lineIndexes)].sort((x, y) => x - y);
  for (const i of indexes) {
    const line = lines.get(i);
    if (!line) return null;
    if (question.speaker !== 'ANY' && line.speaker !== 'UNKNOWN' && line.speaker !== question.speaker)
      return null;
  }
  if (a.answer === 'YES' && indexes.length === 0) return null;
  if (a.answer === 'NOT_APPLICABLE' && indexes.length > 0) return null;
  // The answer must follow from the premise: not applicable exactly when it did not occur.
  if ((a.premise === 'DID_NOT_OCCUR') !== (a.answer === 'NOT_APPLICABLE')) return null;
  return {
    questionId: a.questionId,
    answer: a.answer,
    confidence: Math.round(a.confidence * 100) / 100,
    needsReview: a.confidence < LLM_TUNING.REVIEW_CONFIDENCE,
    lineIndexes: indexes,
    answeredBy: 'LLM',
  };
}

/**
 * The model's valid answers by question id (possibly none: a failed request, an unreadable reply or a
 * transcript too long leave every question to the offline answer).
 */
export async function answerWithLlm(
  input: AnswerCallInput,
  settings: LlmSettings,
): Promise<Map<string, QuestionAnswer>> {
  const out = new Map<string, QuestionAnswer>();
  const chars = input.lines.reduce((n, l) => n + l.text.length + 12, 0);
  if (input.questions.length === 0 || chars > LLM_TUNING.MAX_TRANSCRIPT_CHARS) return out;
  const signals = [AbortSignal.timeout(LLM_TUNING.TIMEOUT_MS), ...(input.signal ? [input.signal] : [])];
  let content: string;
  try {
    ({ content } = await streamChatCompletion({
      settings,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: userPrompt(input) },
      ],
      tools: [],
      signal: AbortSignal.any(signals),
      onDelta: () => {},
    }));
  } catch {
    // A cancelled analysis stops here; a failed request leaves the questions to the offline answer.
    input.signal?.throwIfAborted();
    return out;
  }
  let answers: unknown[];
  try {
    answers = parseReply(content);
  } catch {
    return out;
  }
  const questions = new Map(input.questions.map((q) => [q.questionId, q]));
  const lines = new Map(input.lines.map((l) => [l.index, l]));
  for (const raw of answers) {
    const answer = validateLlmAnswer(raw, questions, lines);
    if (answer && !out.has(answer.questionId)) out.set(answer.questionId, answer);
  }
  return out;
}
