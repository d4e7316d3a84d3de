import type { TranscriptLine } from '@agaton/contracts';
import { cosine, type Embedder } from '../../../providers/embeddings/embedder.ts';
import {
  type CallSentence,
  callSentences,
  type EvidenceText,
  evidenceText,
  lexicalMatch,
  matchPolarity,
} from './evidence.ts';
import { type Party, parseQuestion } from './question-parse.ts';
import { contentStems, sentences } from './text.ts';
import type { AnswerableQuestion, AnswerCallInput, QuestionAnswer, ReferenceDocument } from './types.ts';

/**
 * The offline answerer. For each question it reads only the lines of the question's speaker (UNKNOWN
 * lines count for either side), sentence by sentence, and scores every sentence against the
 * question's evidence texts: its phrases, its examples, the behaviour named by the question itself and
 * the script lines of the scorecard's reference documents that are about that behaviour. A sentence
 * scores by words (normalised, stemmed phrase matching and overlap) and, when the embedding model is
 * available, by meaning (cosine similarity of sentence embeddings); a negation cue in the matched
 * clause turns the evidence into evidence of NO.
 *
 * Decision (all scores 0..1):
 * - YES when the best agreeing sentence reaches YES_THRESHOLD and beats the best negated one;
 * - NO citing the negated sentence when a negated match is the strongest and reaches the threshold;
 * - NO without a citation when nothing reaches the threshold;
 * - NOT_APPLICABLE when a conditional question's precondition ("If the customer asked for a refund,
 *   ...") finds no support in the call (PRECONDITION_THRESHOLD) and the behaviour was not shown.
 * The margin is the distance of the deciding score from its threshold (or between the agreeing and
 * negated evidence); confidence = 0.5 + margin / (2 × FULL_CONFIDENCE_MARGIN), capped at 0.99. A margin
 * under REVIEW_MARGIN marks the answer needsReview with its leaning answer.
 */
export const ANSWER_TUNING = {
  YES_THRESHOLD: 0.55,
  PRECONDITION_THRESHOLD: 0.5,
  REVIEW_MARGIN: 0.08,
  FULL_CONFIDENCE_MARGIN: 0.3,
  /** Cosine similarity mapped to a score: SEM_LOW → 0, SEM_HIGH → 1. */
  SEM_LOW: 0.2,
  SEM_HIGH: 0.7,
  /** A reference-document sentence is about the question when this similar to its behaviour. */
  REFERENCE_RELEVANCE: 0.5,
  MAX_CITED_LINES: 3,
} as const;

const T = ANSWER_TUNING;

/** Verbs that say that something was asked or said, not what: a precondition's topic is elsewhere. */
const GENERIC_VERB_STEMS = new Set(
  [
    'ask',
    'request',
    'want',
    'say',
    'mention',
    'tell',
    'need',
    'make',
    'call',
    'raise',
    'bring',
    'express',
    'state',
  ].map((w) => w),
);

interface Scored {
  sentence: CallSentence;
  score: number;
  polarity: 'agree' | 'negated';
}

type Vectors = Map<string, number[]>;

export async function answerOffline(
  input: AnswerCallInput,
  options: { embedder?: Embedder | null } = {},
): Promise<QuestionAnswer[]> {
  const all = callSentences(input.lines);
  const parsed = new Map(input.questions.map((q) => [q.questionId, parseQuestion(q.questionText)]));
  const referenceSentences = input.references.flatMap(referenceLines);
  const vectors = await embedAll(options.embedder ?? null, [
    ...all.map((s) => s.text),
    ...referenceSentences,
    ...input.questions.flatMap((q) => {
      const p = parsed.get(q.questionId);
      return [...q.phrases, ...q.examples, p?.action ?? '', p?.precondition ?? ''].filter(Boolean);
    }),
  ]);
  const answers: QuestionAnswer[] = [];
  for (const question of input.questions) {
    input.signal?.throwIfAborted();
    answers.push(answerQuestion(question, input.lines, all, referenceSentences, vectors));
  }
  return answers;
}

/** Script and policy lines of a reference document, one sentence each, short enough to be said. */
function referenceLines(doc: ReferenceDocument): string[] {
  return doc.text
    .split(/\n+/)
    .flatMap((line) => sentences(line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')))
    .filter((s) => s.length >= 12 && s.length <= 300)
    .slice(0, 2000);
}

async function embedAll(embedder: Embedder | null, texts: string[]): Promise<Vectors> {
  const map: Vectors = new Map();
  if (!embedder) return map;
  const unique = [...new Set(texts)];
  try {
    const vectors = await embedder.embed(unique);
    for (const [i, t] of unique.entries()) map.set(t, vectors[i]);
  } catch {
    // Without the model the answerer still works by words; the empty map says so.
  }
  return map;
}

function semantic(vectors: Vectors, a: string, b: string): number {
  const va = vectors.get(a);
  const vb = vectors.get(b);
  if (!va || !vb) return 0;
  const c = cosine(va, vb);
  return Math.min(1, Math.max(0, (c - T.SEM_LOW) / (T.SEM_HIGH - T.SEM_LOW)));
}

function linesOf(lines: TranscriptLine[], party: 'AGENT' | 'CUSTOMER' | 'ANY' | null): Set<number> {
  return new Set(
    lines
      .filter((l) => party === null || party === 'ANY' || l.speaker === party || l.speaker === 'UNKNOWN')
      .map((l) => l.index),
  );
}

function scoreSentences(evidence: EvidenceText[], candidates: CallSentence[], vectors: Vectors): Scored[] {
  const out: Scored[] = [];
  for (const sentence of candidates) {
    let best: Scored | null = null;
    for (const ev of evidence) {
      const lex = lexicalMatch(ev, sentence);
      const sem = ev.weight * semantic(vectors, ev.text, sentence.text);
      const score = Math.max(lex.score, sem);
      if (score <= 0) continue;
      const polarity = matchPolarity(ev, sentence, lex.score > 0 ? lex.span : []);
      if (polarity === 'drop') continue;
      if (!best || score > best.score) best = { sentence, score, polarity };
    }
    if (best) out.push(best);
  }
  return out;
}

function questionEvidence(
  question: AnswerableQuestion,
  action: string,
  references: string[],
  vectors: Vectors,
): EvidenceText[] {
  const evidence = [
    ...question.phrases.map((p) => evidenceText(p, 'phrase', 1)),
    ...question.examples.map((e) => evidenceText(e, 'example', 1)),
    evidenceText(action, 'derived', 0.85),
  ];
  const actionStems = new Set(contentStems(action));
  for (const line of references) {
    const stems = contentStems(line);
    const shared = stems.filter((s) => actionStems.has(s)).length;
    const lexicalRelevant = actionStems.size > 0 && shared / actionStems.size >= 0.5 && shared >= 1;
    const va = vectors.get(action);
    const vl = vectors.get(line);
    const semanticRelevant = va && vl ? cosine(va, vl) >= T.REFERENCE_RELEVANCE : false;
    if (lexicalRelevant || semanticRelevant) evidence.push(evidenceText(line, 'reference', 0.9));
  }
  return evidence.filter((e) => e.stems.length > 0 || e.kind !== 'derived');
}

function answerQuestion(
  question: AnswerableQuestion,
  lines: TranscriptLine[],
  all: CallSentence[],
  references: string[],
  vectors: Vectors,
): QuestionAnswer {
  const parsed = parseQuestion(question.questionText);
  const own = linesOf(lines, question.speaker);
  const evidence = questionEvidence(question, parsed.action, references, vectors);
  const scored = scoreSentences(
    evidence,
    all.filter((s) => own.has(s.lineIndex)),
    vectors,
  );
  const agree = scored.filter((s) => s.polarity === 'agree').sort((a, b) => b.score - a.score);
  const negated = scored.filter((s) => s.polarity === 'negated').sort((a, b) => b.score - a.score);
  const p = agree[0]?.score ?? 0;
  const n = negated[0]?.score ?? 0;

  const base = { questionId: question.questionId, answeredBy: 'OFFLINE' as const };
  if (p >= T.YES_THRESHOLD && p >= n) {
    const margin = Math.min(p - T.YES_THRESHOLD, n >= T.YES_THRESHOLD ? p - n : Number.POSITIVE_INFINITY);
    return { ...base, answer: 'YES', ...confidence(margin), lineIndexes: cite(agree, p) };
  }
  if (parsed.precondition) {
    const pre = preconditionScore(parsed.precondition, parsed.preconditionParty, lines, all, vectors);
    if (pre.score < T.PRECONDITION_THRESHOLD) {
      return {
        ...base,
        answer: 'NOT_APPLICABLE',
        ...confidence(T.PRECONDITION_THRESHOLD - pre.score),
        lineIndexes: [],
      };
    }
  }
  if (n >= T.YES_THRESHOLD) {
    const margin = Math.min(n - T.YES_THRESHOLD, n - p);
    return { ...base, answer: 'NO', ...confidence(margin), lineIndexes: cite(negated, n) };
  }
  return { ...base, answer: 'NO', ...confidence(T.YES_THRESHOLD - p), lineIndexes: [] };
}

function preconditionScore(
  precondition: string,
  party: Party | null,
  lines: TranscriptLine[],
  all: CallSentence[],
  vectors: Vectors,
): { score: number } {
  const topic = evidenceText(precondition, 'derived', 1);
  topic.stems = topic.stems.filter((s) => !GENERIC_VERB_STEMS.has(s));
  const theirs = linesOf(lines, party);
  let best = 0;
  for (const sentence of all) {
    const weight = theirs.has(sentence.lineIndex) ? 1 : 0.8;
    const lex = topic.stems.length > 0 ? lexicalMatch(topic, sentence) : { score: 0, span: [] };
    const score = weight * Math.max(lex.score, semantic(vectors, precondition, sentence.text));
    if (score <= best) continue;
    if (matchPolarity(topic, sentence, lex.score > 0 ? lex.span : []) !== 'agree') continue;
    best = score;
  }
  return { score: best };
}

function confidence(margin: number): { confidence: number; needsReview: boolean } {
  const value = Math.min(0.99, 0.5 + margin / (2 * T.FULL_CONFIDENCE_MARGIN));
  return { confidence: Math.round(value * 100) / 100, needsReview: margin < T.REVIEW_MARGIN };
}

/** The lines of the strongest sentences (within 0.1 of the best), at most MAX_CITED_LINES, in call order. */
function cite(scored: Scored[], best: number): number[] {
  const lines: number[] = [];
  for (const s of scored) {
    if (s.score < Math.max(T.YES_THRESHOLD, best - 0.1)) break;
    if (!lines.includes(s.sentence.lineIndex)) lines.push(s.sentence.lineIndex);
    if (lines.length >= T.MAX_CITED_LINES) break;
  }
  return lines.sort((a, b) => a - b);
}
