import type { TranscriptLine } from '@agaton/contracts';
import { cosine, type Embedder } from '../../../providers/embeddings/embedder.ts';
import { agreementEvidence, agreementObject, type Relevance } from './agreement.ts';
import { type DecisionFeatures, type DecisionModel, decide, installedDecisionModel } from './decision.ts';
import {
  type CallSentence,
  callSentences,
  type EvidenceText,
  evidenceText,
  matchPolarity,
  overlapMatch,
  phraseMatch,
  type Unit,
} from './evidence.ts';
import { type ParsedQuestion, type Party, parseQuestion } from './question-parse.ts';
import { quotedPhrasings, suggestEvidence } from './suggest.ts';
import { contentStems, sentences } from './text.ts';
import type { AnswerableQuestion, AnswerCallInput, QuestionAnswer, ReferenceDocument } from './types.ts';

/**
 * The offline answerer. For each question it reads only the lines of the question's speaker (UNKNOWN
 * lines count for either side), sentence by sentence, and scores every sentence against the
 * question's evidence: its phrases (literal, words in order), its examples, the behaviour the
 * question names, and the script lines of the reference documents that are about that behaviour
 * (each script line goes to the one question it is closest to). Examples, behaviour and script lines
 * are compared by meaning — cosine similarity of sentence embeddings of the sentence and of each of
 * its clauses — and by shared words. A negation cue in the matched clause turns the evidence into
 * evidence of NO ("I can't offer a refund"). A customer's agreement or commitment ("Did the customer
 * agree to …", "… buy a policy?") is read from the call's structure instead (agreement.ts): their
 * yes to what the agent proposed, or their commitment in their own words, and refusals of either.
 *
 * Decision. A question written as prose (no phrases or examples of an admin) goes to the decision
 * model (decision.ts): the evidence found — the best agreeing and negated sentences, the support for
 * its premise, the question's shape — gives YES, NO or NOT_APPLICABLE with its probability as the
 * confidence, fitted on labelled prose questions. A question an admin gave evidence for is decided by
 * thresholds tuned on such questions (all scores 0..1):
 * - NOT_APPLICABLE when a conditional question's precondition ("If the customer asked for a refund,
 *   ...") finds no support in the call (PRECONDITION_THRESHOLD), unless the behaviour itself is
 *   strongly shown and the precondition has some support;
 * - YES when the best agreeing sentence reaches YES_THRESHOLD and beats the best negated one;
 * - NO citing the negated sentence when a negated match is the strongest and reaches the threshold;
 * - NO without a citation when nothing reaches the threshold.
 * The margin is the distance of the deciding score from its threshold (or between the agreeing and
 * negated evidence); confidence = 0.5 + margin / (2 × FULL_CONFIDENCE_MARGIN), capped at 0.99. A margin
 * under REVIEW_MARGIN marks the answer needsReview with its leaning answer. Either way a YES cites its
 * strongest agreeing lines and a NO the negated lines that reach YES_THRESHOLD.
 */
export const ANSWER_TUNING = {
  YES_THRESHOLD: 0.55,
  PRECONDITION_THRESHOLD: 0.5,
  /** A behaviour shown this strongly answers YES though its precondition has only some support. */
  SHOWN_ANYWAY: 0.85,
  REVIEW_MARGIN: 0.08,
  FULL_CONFIDENCE_MARGIN: 0.3,
  /** Similarity by meaning (cosine plus half its lead over other questions) mapped: SEM_LOW → 0, SEM_HIGH → 1. */
  SEM_LOW: 0.2,
  SEM_HIGH: 0.75,
  /** The same for a precondition's meaning (stricter: "cancel" and "refund" requests sound alike). */
  PRE_SEM_LOW: 0.4,
  PRE_SEM_HIGH: 0.75,
  /** A script line is about a question's behaviour at this similarity (or half its words shared). */
  REFERENCE_RELEVANCE: 0.45,
  /** Meaning scores of questions and statements for a behaviour of asking ("ask about the needs"). */
  ASKING: { question: 1.15, statement: 0.85 },
  MAX_CITED_LINES: 3,
  /** Lines cited besides the best: those whose evidence is within this of the best. */
  CITE_WITHIN: 0.05,
  /** Weights of a full match per kind of evidence. */
  WEIGHT: { phrase: 1, example: 1, derived: 0.85, reference: 0.9 },
} as const;

const T = ANSWER_TUNING;

/** Verbs that say that something was asked or said, not what: a precondition's topic is elsewhere. */
const GENERIC_VERB_STEMS = new Set([
  'ask',
  'request',
  'want',
  'say',
  'mention',
  'tell',
  'need',
  'make',
  'call',
  'rais',
  'bring',
  'express',
  'stat',
  'object',
]);

export interface EvidenceTrace {
  text: string;
  score: number;
  polarity: string;
  by: string;
}

interface Scored {
  sentence: CallSentence;
  score: number;
  polarity: 'agree' | 'negated';
  /** The evidence text that matched, and how (for traces). */
  by: string;
}

type Vectors = Map<string, number[]>;
type MeaningTable = Map<CallSentence, Map<string, MeaningMatch>>;

export interface AnswerOptions {
  embedder?: Embedder | null;
  /** Receives each question's strongest evidence (for the bench and debugging). */
  trace?: (questionId: string, evidence: EvidenceTrace[]) => void;
  /** The decision model for prose questions; the installed one by default. */
  decision?: DecisionModel;
  /** Receives what the decision model reads for each prose question (`npm run qa:fit`). */
  onFeatures?: (questionId: string, features: DecisionFeatures) => void;
}

export async function answerOffline(
  input: AnswerCallInput,
  options: AnswerOptions = {},
): Promise<QuestionAnswer[]> {
  const all = callSentences(input.lines);
  // A question is answered from its own words: what the question modal would suggest (its behaviour
  // as phrases and as the speaker would say it, the explanation's quoted examples of it) joins
  // whatever evidence an admin added, so a question written as prose alone has evidence too. Quoted
  // phrasings the explanation calls right (or, when NO is the good answer, calls wrong) are examples
  // of YES as well. Those of NO are not used as evidence of NO: on the prose tuning set that lowered
  // the answers right from 61.4 % to 60.0 % (the embeddings match them too loosely).
  const questions = input.questions.map((q) => {
    const suggested = suggestEvidence(q.questionText, q.presentationText);
    const quoted = quotedPhrasings(q.presentationText);
    const yes = q.isTrueGood ? quoted.good : quoted.bad;
    return {
      ...q,
      // A suggested phrase of one word ("policy", "payment") is said in calls where nothing was bought
      // or arranged; an admin may still add one (prose tuning set: 64.8 → 65.2 % right, and 84 → 90 %
      // right among answers of confidence ≥ 0.9).
      phrases: [
        ...new Set([...q.phrases, ...suggested.phrases.filter((p) => p.trim().split(/\s+/).length >= 2)]),
      ],
      examples: [...new Set([...q.examples, ...suggested.examples, ...yes])],
      prose: q.phrases.length === 0 && q.examples.length === 0,
    };
  });
  const parsed = new Map(
    questions.map((q) => [q.questionId, parseQuestion(q.questionText, q.presentationText)]),
  );
  const referenceSentences = input.references.flatMap(referenceLines);
  const vectors = await embedAll(options.embedder ?? null, [
    ...all.flatMap((s) => s.units.map((u) => u.text)),
    ...referenceSentences.map((r) => r.text),
    ...questions.flatMap((q) => {
      const p = parsed.get(q.questionId) as ParsedQuestion;
      return [...q.examples, p.action, ...(p.precondition ? [p.precondition, `I ${p.precondition}`] : [])];
    }),
  ]);
  const scripts = assignReferences(questions, parsed, referenceSentences, vectors);
  const evidenceBy = new Map(
    questions.map((question) => {
      const p = parsed.get(question.questionId) as ParsedQuestion;
      return [
        question.questionId,
        [
          ...question.phrases.map((t) => evidenceText(t, 'phrase', T.WEIGHT.phrase)),
          ...question.examples.map((t) => evidenceText(t, 'example', T.WEIGHT.example)),
          evidenceText(p.action, 'derived', T.WEIGHT.derived),
          ...(scripts.get(question.questionId) ?? []).map((t) =>
            evidenceText(t, 'reference', T.WEIGHT.reference),
          ),
        ],
      ] as const;
    }),
  );
  const meaning = meaningTable(all, evidenceBy, vectors);
  // What an agent proposed is matched without the examples of the customer's reply (agreement.ts).
  const proposalMeaning = questions.some(
    (q) => q.speaker === 'CUSTOMER' && agreementObject((parsed.get(q.questionId) as ParsedQuestion).action),
  )
    ? meaningTable(
        all,
        new Map([...evidenceBy].map(([id, list]) => [id, list.filter((e) => e.kind !== 'example')])),
        vectors,
      )
    : meaning;
  const answers: QuestionAnswer[] = [];
  for (const question of questions) {
    input.signal?.throwIfAborted();
    const p = parsed.get(question.questionId) as ParsedQuestion;
    const evidence = evidenceBy.get(question.questionId) ?? [];
    answers.push(
      answerQuestion(question, p, evidence, { meaning, proposalMeaning }, input.lines, all, vectors, options),
    );
  }
  return answers;
}

/** The best match by meaning of one sentence for one question. */
interface MeaningMatch {
  score: number;
  unit: Unit;
  evidence: EvidenceText;
}

/**
 * Similarity by meaning of every sentence to every question, relative to the other questions: a
 * unit's cosine to the question's closest evidence text, plus half of its lead over the closest
 * evidence of any other question (clipped to −0.2..0.1). Short generic sentences ("Let me check")
 * are about as close to every question and gain nothing; a sentence clearly about one behaviour
 * gains. Scores map SEM_LOW..SEM_HIGH to 0..1.
 */
function meaningTable(
  all: CallSentence[],
  evidenceBy: Map<string, readonly EvidenceText[]>,
  vectors: Vectors,
): Map<CallSentence, Map<string, MeaningMatch>> {
  const table = new Map<CallSentence, Map<string, MeaningMatch>>();
  if (vectors.size === 0) return table;
  const semanticEvidence = [...evidenceBy].map(
    ([id, list]) => [id, list.filter((e) => e.kind !== 'phrase' && vectors.has(e.text))] as const,
  );
  for (const sentence of all) {
    const perQuestion = new Map<string, MeaningMatch>();
    if (sentence.contentWords < 2) {
      table.set(sentence, perQuestion);
      continue;
    }
    for (const unit of sentence.units) {
      const vu = vectors.get(unit.text);
      if (!vu) continue;
      const raw = semanticEvidence.map(([id, list]) => {
        let best: { cos: number; evidence: EvidenceText | null } = { cos: -1, evidence: null };
        for (const e of list) {
          const c = cosine(vectors.get(e.text) as number[], vu);
          if (c > best.cos) best = { cos: c, evidence: e };
        }
        return { id, ...best };
      });
      for (const r of raw) {
        if (!r.evidence) continue;
        const others = Math.max(-1, ...raw.filter((o) => o.id !== r.id).map((o) => o.cos));
        const lead = Math.min(0.1, Math.max(-0.2, r.cos - others));
        const adjusted = r.cos + lead / 2;
        const score = Math.min(1, Math.max(0, (adjusted - T.SEM_LOW) / (T.SEM_HIGH - T.SEM_LOW)));
        const prev = perQuestion.get(r.id);
        if (!prev || score > prev.score)
          perQuestion.set(r.id, { score: score * r.evidence.weight, unit, evidence: r.evidence });
      }
    }
    table.set(sentence, perQuestion);
  }
  return table;
}

/** A script or policy sentence, with its topic: the section heading and label it stands under. */
interface ScriptLine {
  text: string;
  topic: string;
}

/**
 * Script and policy lines of a reference document, one sentence each, short enough to be said. A
 * line without a sentence end is a heading; "Label: text" keeps its label as part of the topic.
 */
function referenceLines(doc: ReferenceDocument): ScriptLine[] {
  const out: ScriptLine[] = [];
  let heading = '';
  for (const raw of doc.text.split(/\n+/)) {
    const line = raw.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!line) continue;
    if (!/[.!?:"”]/.test(line) && line.split(/\s+/).length <= 8) {
      heading = line;
      continue;
    }
    const label = /^([\w ]{1,30}):\s+/.exec(line);
    const body = label ? line.slice(label[0].length) : line;
    for (const sentence of sentences(body)) {
      const text = sentence.replace(/["“”]/g, '').trim();
      if (text.length >= 12 && text.length <= 300)
        out.push({ text, topic: `${heading} ${label?.[1] ?? ''} ${text}` });
    }
    if (out.length >= 2000) break;
  }
  return out;
}

/**
 * Each script line goes to the one question whose behaviour it is closest to, if close enough. A tie
 * (words shared alone often tie) goes to the closer by meaning, then to the first question text in
 * alphabetical order, so that the answers do not depend on the order the questions come in.
 */
function assignReferences(
  questions: AnswerableQuestion[],
  parsed: Map<string, ParsedQuestion>,
  lines: ScriptLine[],
  vectors: Vectors,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const stems = new Set(contentStems(line.topic));
    let best: { id: string; text: string; score: number; similarity: number } | null = null;
    for (const q of questions) {
      const action = (parsed.get(q.questionId) as ParsedQuestion).action;
      const actionStems = contentStems(action);
      const share = actionStems.length
        ? actionStems.filter((s) => stems.has(s)).length / actionStems.length
        : 0;
      const va = vectors.get(action);
      const vl = vectors.get(line.text);
      const similarity = va && vl ? cosine(va, vl) : 0;
      const score = Math.max(similarity, share >= 0.5 ? T.REFERENCE_RELEVANCE + share / 10 : 0);
      if (score < T.REFERENCE_RELEVANCE) continue;
      const closer =
        !best ||
        score > best.score ||
        (score === best.score &&
          (similarity > best.similarity || (similarity === best.similarity && q.questionText < best.text)));
      if (closer) best = { id: q.questionId, text: q.questionText, score, similarity };
    }
    if (best) out.set(best.id, [...(out.get(best.id) ?? []), line.text]);
  }
  return out;
}

async function embedAll(embedder: Embedder | null, texts: string[]): Promise<Vectors> {
  const map: Vectors = new Map();
  if (!embedder) return map;
  const unique = [...new Set(texts.filter(Boolean))];
  try {
    const vectors = await embedder.embed(unique);
    for (const [i, t] of unique.entries()) map.set(t, vectors[i]);
  } catch {
    // Without the model the answerer still works by words; the empty map says so.
  }
  return map;
}

/** Similarity by meaning of a precondition and a sentence: its best unit (sentence or clause). */
function preconditionMeaning(
  vectors: Vectors,
  text: string,
  sentence: CallSentence,
): { score: number; unit?: Unit } {
  const ve = vectors.get(text);
  if (!ve || sentence.contentWords < 2) return { score: 0 };
  let best: { score: number; unit?: Unit } = { score: 0 };
  for (const unit of sentence.units) {
    const vu = vectors.get(unit.text);
    if (!vu) continue;
    const c = cosine(ve, vu);
    const score = Math.min(1, Math.max(0, (c - T.PRE_SEM_LOW) / (T.PRE_SEM_HIGH - T.PRE_SEM_LOW)));
    if (score > best.score) best = { score, unit };
  }
  return best;
}

function linesOf(lines: TranscriptLine[], party: 'AGENT' | 'CUSTOMER' | 'ANY' | null): Set<number> {
  return new Set(
    lines
      .filter((l) => party === null || party === 'ANY' || l.speaker === party || l.speaker === 'UNKNOWN')
      .map((l) => l.index),
  );
}

/**
 * Each candidate sentence's strongest evidence for the question: literal phrases and shared words
 * per evidence text, and the sentence's match by meaning; with the polarity of that evidence.
 */
function scoreSentences(
  questionId: string,
  evidence: readonly EvidenceText[],
  candidates: CallSentence[],
  meaning: Map<CallSentence, Map<string, MeaningMatch>>,
  asks: boolean,
): Scored[] {
  const out: Scored[] = [];
  for (const sentence of candidates) {
    let best: Scored | null = null;
    // "Did the agent ask ...": a question shows it by meaning more readily than a statement does.
    const form = asks ? (/\?\s*$/.test(sentence.text) ? T.ASKING.question : T.ASKING.statement) : 1;
    for (const ev of evidence) {
      const lex = ev.kind === 'phrase' ? phraseMatch(ev, sentence) : overlapMatch(ev, sentence);
      if (lex.score <= 0) continue;
      const polarity = matchPolarity(ev, sentence, { span: lex.span });
      if (polarity === 'drop') continue;
      if (!best || lex.score > best.score)
        best = { sentence, score: lex.score, polarity, by: `${ev.kind}~words: ${ev.text}` };
    }
    const m = meaning.get(sentence)?.get(questionId);
    const meant = m ? Math.min(1, m.score * form) : 0;
    if (m && meant > (best?.score ?? 0)) {
      const polarity = matchPolarity(m.evidence, sentence, { span: [], unit: m.unit });
      if (polarity !== 'drop')
        best = { sentence, score: meant, polarity, by: `${m.evidence.kind}~meaning: ${m.evidence.text}` };
    }
    if (best) out.push(best);
  }
  return out;
}

function answerQuestion(
  question: AnswerableQuestion & { prose: boolean },
  parsed: ParsedQuestion,
  evidence: readonly EvidenceText[],
  tables: { meaning: MeaningTable; proposalMeaning: MeaningTable },
  lines: TranscriptLine[],
  all: CallSentence[],
  vectors: Vectors,
  options: AnswerOptions,
): QuestionAnswer {
  const { meaning } = tables;
  const own = linesOf(lines, question.speaker);
  const structural = customerAgreement(question, parsed, evidence, tables.proposalMeaning, lines, all);
  const scored =
    structural ??
    scoreSentences(
      question.questionId,
      evidence,
      all.filter((s) => own.has(s.lineIndex)),
      meaning,
      /^ask\b/i.test(parsed.action),
    );
  const agree = scored.filter((s) => s.polarity === 'agree').sort((a, b) => b.score - a.score);
  const negated = scored.filter((s) => s.polarity === 'negated').sort((a, b) => b.score - a.score);
  const p = agree[0]?.score ?? 0;
  const n = negated[0]?.score ?? 0;
  const pre = parsed.precondition
    ? preconditionScore(parsed.precondition, parsed.preconditionParty, lines, all, vectors)
    : null;
  options.trace?.(question.questionId, [
    ...[...agree.slice(0, 2), ...negated.slice(0, 1)].map((s) => ({
      text: `${s.sentence.lineIndex}: ${s.sentence.text}`,
      score: Math.round(s.score * 100) / 100,
      polarity: s.polarity as string,
      by: s.by,
    })),
    ...(pre
      ? [{ text: `precondition: ${parsed.precondition}`, score: pre.score, polarity: '', by: pre.by }]
      : []),
  ]);

  const base = { questionId: question.questionId, answeredBy: 'OFFLINE' as const };
  // A question written as prose: the decision model, fitted on prose questions (decision.ts).
  if (question.prose) {
    const features = decisionFeatures(
      question,
      parsed,
      agree,
      negated,
      pre,
      lines.length,
      structural !== null,
    );
    options.onFeatures?.(question.questionId, features);
    const decision = decide(options.decision ?? installedDecisionModel(), features);
    const lineIndexes =
      decision.answer === 'YES'
        ? cite(agree, p, 0)
        : decision.answer === 'NO' && n >= T.YES_THRESHOLD
          ? cite(negated, n)
          : [];
    return { ...base, ...decision, lineIndexes };
  }
  // A question an admin gave phrases or examples for: the thresholds below, tuned on such questions.
  if (pre) {
    const shownAnyway = p >= T.SHOWN_ANYWAY && pre.score >= T.PRECONDITION_THRESHOLD - 0.3;
    if (pre.score < T.PRECONDITION_THRESHOLD && !shownAnyway) {
      const margin = T.PRECONDITION_THRESHOLD - pre.score;
      return {
        ...base,
        answer: 'NOT_APPLICABLE',
        ...confidence(margin),
        lineIndexes: [],
      };
    }
  }
  if (p >= T.YES_THRESHOLD && p >= n) {
    const margin = Math.min(p - T.YES_THRESHOLD, n >= T.YES_THRESHOLD ? p - n : Number.POSITIVE_INFINITY);
    return { ...base, answer: 'YES', ...confidence(margin), lineIndexes: cite(agree, p) };
  }
  if (n >= T.YES_THRESHOLD) {
    const margin = Math.min(n - T.YES_THRESHOLD, n - p);
    return { ...base, answer: 'NO', ...confidence(margin), lineIndexes: cite(negated, n) };
  }
  // Nothing shows the behaviour: for a question an admin gave evidence for, that is telling.
  return { ...base, answer: 'NO', ...confidence(T.YES_THRESHOLD - p), lineIndexes: [] };
}

/**
 * A customer-side question of agreement or commitment ("Did the customer agree to …", "… buy a
 * policy?") is answered from the call's structure (agreement.ts): the customer's yes to a proposal of
 * the agent about the question's object, or their commitment in their own words, and refusals of
 * either; not from customer lines that merely sound like the question. The object is scored by the
 * question's evidence (words or meaning) and by its own words; null for other questions.
 */
function customerAgreement(
  question: AnswerableQuestion,
  parsed: ParsedQuestion,
  evidence: readonly EvidenceText[],
  meaning: MeaningTable,
  lines: TranscriptLine[],
  all: CallSentence[],
): Scored[] | null {
  const object = question.speaker === 'CUSTOMER' ? agreementObject(parsed.action) : null;
  if (!object) return null;
  const objects = object.objects
    .map((o) => evidenceText(o, 'derived', T.WEIGHT.derived))
    .filter((e) => e.stems.length > 0);
  // The customer's own words are matched by words with all of the question's evidence; what the agent
  // proposed, with its behaviour, phrases and script lines (by words or meaning), not with examples of
  // the customer's reply ("yeah, send one out" is no proposal of a card).
  const texts = [...evidence, ...objects];
  const byWords = (s: CallSentence): Relevance => {
    let best: Relevance = { score: 0, by: '' };
    for (const ev of texts) {
      const m = ev.kind === 'phrase' ? phraseMatch(ev, s) : overlapMatch(ev, s);
      if (m.score > best.score) best = { score: m.score, by: `${ev.kind}~words: ${ev.text}` };
    }
    return best;
  };
  const scored = new Map(
    scoreSentences(
      question.questionId,
      texts.filter((e) => e.kind !== 'example'),
      all,
      meaning,
      false,
    ).map((s) => [s.sentence, s]),
  );
  const relevance = (s: CallSentence): Relevance => {
    const r = scored.get(s);
    return r ? { score: r.score, by: r.by } : { score: 0, by: '' };
  };
  return agreementEvidence(lines, all, object, relevance, byWords);
}

/** What the decision model reads: the evidence found for a question and the question's shape. */
function decisionFeatures(
  question: AnswerableQuestion & { prose: boolean },
  parsed: ParsedQuestion,
  agree: Scored[],
  negated: Scored[],
  pre: { score: number } | null,
  lineCount: number,
  agreement: boolean,
): DecisionFeatures {
  const best = agree[0];
  const p = best?.score ?? 0;
  const n = negated[0]?.score ?? 0;
  const [kind, how] = (best?.by ?? '').split(/[~:]/);
  return {
    p,
    p2: agree[1]?.score ?? 0,
    n,
    pre: pre?.score ?? 0,
    noPre: pre ? 0 : 1,
    good: question.isTrueGood ? 1 : 0,
    high: question.severity === 'HIGH' ? 1 : 0,
    preInQuestion: parseQuestion(question.questionText).precondition ? 1 : 0,
    asks: /^ask\b/i.test(parsed.action) ? 1 : 0,
    bestIsQuestion: best && /\?\s*$/.test(best.sentence.text) ? 1 : 0,
    bestPos: best ? best.sentence.lineIndex / Math.max(1, lineCount) : -1,
    agentSpeaker: question.speaker === 'AGENT' ? 1 : 0,
    customerSpeaker: question.speaker === 'CUSTOMER' ? 1 : 0,
    byWords: how === 'words' ? 1 : 0,
    kindPhrase: kind === 'phrase' ? 1 : 0,
    kindExample: kind === 'example' ? 1 : 0,
    kindDerived: kind === 'derived' ? 1 : 0,
    kindReference: kind === 'reference' ? 1 : 0,
    kindNone: best ? 0 : 1,
    pMinusN: p - n,
    pAtLeastYesThreshold: p >= T.YES_THRESHOLD ? 1 : 0,
    pAtLeast08: p >= 0.8 ? 1 : 0,
    nAtLeastYesThreshold: n >= T.YES_THRESHOLD ? 1 : 0,
    premiseWeak: pre && pre.score < T.PRECONDITION_THRESHOLD ? 1 : 0,
    agreement: agreement ? 1 : 0,
    agreementP: agreement ? p : 0,
    agreementN: agreement ? n : 0,
  };
}

/**
 * Support for a precondition ("asked for a refund"): its topic words (asking verbs left out) or its
 * meaning in the lines of the party it names (the other party's lines count 0.8), not negated.
 */
function preconditionScore(
  precondition: string,
  party: Party | null,
  lines: TranscriptLine[],
  all: CallSentence[],
  vectors: Vectors,
): { score: number; by: string } {
  const topic = evidenceText(precondition, 'derived', 1);
  topic.stems = topic.stems.filter((s) => !GENERIC_VERB_STEMS.has(s));
  const theirs = linesOf(lines, party);
  let best = { score: 0, by: '' };
  for (const sentence of all) {
    const weight = theirs.has(sentence.lineIndex) ? 1 : 0.8;
    const lex = overlapMatch(topic, sentence);
    const lexScore = topic.stems.length === 1 && lex.score > 0 ? 1 : lex.score / 0.85;
    const sem = [precondition, `I ${precondition}`].map((t) => preconditionMeaning(vectors, t, sentence));
    const semBest = sem[0].score >= sem[1].score ? sem[0] : sem[1];
    const byWords = lexScore >= semBest.score;
    const score = weight * Math.min(1, Math.max(lexScore, semBest.score));
    if (score <= best.score) continue;
    const polarity = matchPolarity(
      topic,
      sentence,
      byWords ? { span: lex.span } : { span: [], unit: semBest.unit },
    );
    if (polarity !== 'agree') continue;
    best = { score: Math.round(score * 100) / 100, by: `${sentence.lineIndex}: ${sentence.text}` };
  }
  return best;
}

function confidence(margin: number): { confidence: number; needsReview: boolean } {
  const value = Math.min(0.99, 0.5 + margin / (2 * T.FULL_CONFIDENCE_MARGIN));
  return { confidence: Math.round(value * 100) / 100, needsReview: margin < T.REVIEW_MARGIN };
}

/** The lines of the strongest sentences (within CITE_WITHIN of the best), at most MAX_CITED_LINES, in call order. */
function cite(scored: Scored[], best: number, floor: number = T.YES_THRESHOLD): number[] {
  const lines: number[] = [];
  for (const s of scored) {
    if (s.score < Math.max(floor, best - T.CITE_WITHIN) || s.score <= 0) break;
    if (!lines.includes(s.sentence.lineIndex)) lines.push(s.sentence.lineIndex);
    if (lines.length >= T.MAX_CITED_LINES) break;
  }
  return lines.sort((a, b) => a - b);
}
