import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { isUncertainConfidence } from '../profiles/uncertain.js';
import type { CefrLevel, ContentAnalysis, Transcript } from '../types.js';
import { detectGrammar, type GrammarItem, grammarLevel } from './grammar.js';
import { buildNarrative, type ContentMeasures } from './narrative.js';
import { maskProfanity } from './profanity.js';
import { rouge1 } from './rouge.js';
import { spokenWords } from './tokenise.js';
import { contentWords, estimateVocabulary } from './vocabulary.js';

export interface AnalyseContentOptions {
  /** The recognised transcript (its words' confidences are used) or plain text. */
  transcript: Transcript | string;
  /** The question or topic the speaker answered. */
  topic?: string;
}

/**
 * Clearly recognised words (posterior at or above the uncertainty line, UNCERTAIN_BELOW) an answer
 * needs before its vocabulary and grammar levels are estimated and before it can be called off-topic:
 * about 12 s of clear speech. Levels and the topic are judged from those words alone — the
 * recogniser's unsure words are mostly wrong on learners (88 % word error rate) and would add random,
 * often rare, words and structures — and a level from a dozen words says nothing (decision 027).
 */
export const MIN_CLEAR_WORDS = 25;
/** Words for full marks on length: about 40 s of speech at an average 120–150 wpm. */
export const FULL_LENGTH_WORDS = 80;
/** Share of the topic's key words an answer must use for full marks on relevance. */
export const FULL_RELEVANCE_RECALL = 0.5;
/**
 * An answer with less speech than this (seconds from its first to its last recognised word; for a
 * plain text, words at 2 per second) is very short: the content and overall scores scale down
 * towards {@link SHORT_FLOOR} at no speech (a 2 s answer keeps 64 %). The demo asks for 30 to 60 s;
 * the line sits low because length says nothing about how well someone speaks: at 10 s, the 4 dev
 * speakers whose recordings add up to under 10 s lowered the free-speech agreement with the experts
 * from 0.68 to 0.49 (answers not repeated to 30 s); at 5 s it stays at 0.68.
 */
export const SHORT_ANSWER_SEC = 5;
/** Share of the score a short answer keeps at no speech; full at {@link SHORT_ANSWER_SEC}. */
export const SHORT_FLOOR = 0.4;
/**
 * An answer with a topic is off-topic when fewer than {@link ON_TOPIC_MIN_KEYS} of the topic's key
 * words (content words, compared by lemma) are among the words clearly recognised (posterior ≥ the
 * `uncertain` line, 0.5), or none of them among the words the recogniser was sure of (posterior ≥
 * {@link MIN_TOPIC_CONFIDENCE}). Its content and overall scores are multiplied by this. Measured by
 * `bench:speech-topic` (speech README, "Off-topic answers").
 */
export const OFF_TOPIC_FACTOR = 0.5;
/** Distinct topic key words that must be clearly recognised for an answer to count as on-topic. */
export const ON_TOPIC_MIN_KEYS = 2;
/**
 * Posterior at least one of those key words needs. The recogniser's guesses hit common key words
 * ("day", "people", "way", "morning") by chance: in `bench:speech-topic` 10 of 153 off-topic dev
 * answers heard one clearly, 7 of them at ≥ 0.7, none heard two. Requiring both key words at ≥ 0.7
 * (the rule before 2026-11-29) called 1 of 60 whole on-topic tuning answers off-topic ("proud" sure,
 * "team" clear at 0.5–0.7).
 */
export const MIN_TOPIC_CONFIDENCE = 0.7;

type AnswerCheck = NonNullable<ContentAnalysis['answer']>;

/**
 * Words the vocabulary lists class as content words (adverbs, particles, modals) that say nothing
 * about a topic: "in the morning" must not make "in" one of its key words, which any answer uses.
 */
const NOT_KEYS = new Set(
  (
    'about above across after again ago all also always any around away back before behind below ' +
    'describe explain talk tell ' +
    'between by can could do down during ever far for from get go have here how in inside into just ' +
    'like many may might more most much must near never next now of off often on once only out ' +
    'outside over really shall should so some sometimes soon still than then there through too ' +
    'under until up usually very well what when where which while who why will with within would yet'
  ).split(' '),
);

/** Points per CEFR level for the range component (A1 … C2). */
const RANGE_POINTS: Record<CefrLevel, number> = { A1: 0.4, A2: 0.55, B1: 0.7, B2: 0.85, C1: 0.95, C2: 1 };

const lemmaOf = (w: string) => contentWords([w])[0]?.lemma;

/**
 * Content measures of a free-speech answer: ROUGE-1 against the topic (spec:
 * text_similarity_metrics.rouge1), CEFR estimates for vocabulary and grammar, a 0–100 content score
 * from length, relevance and range with a one-line explanation, and a 2–3 sentence narrative. Filled
 * pauses are left out of every measure. Deterministic.
 */
export function analyseContent({ transcript, topic }: AnalyseContentOptions): ContentAnalysis {
  const text =
    typeof transcript === 'string'
      ? transcript
      : transcript.words
          .filter((w) => !w.filler)
          .map((w) => w.text)
          .join(' ');
  const words = spokenWords(text);
  // Runs of clearly recognised words (a plain text is one run, heard for sure).
  const runs = clearRuns(transcript);
  const clear = runs.flat();
  const judged = clear.length >= MIN_CLEAR_WORDS;
  const vocabulary = estimateVocabulary(clear);
  // Structures are looked for inside each run: an unsure word between two runs breaks any pattern.
  const grammarItems = judged ? mergeItems(runs.map(detectGrammar)) : [];
  const levels = judged ? { vocabulary, grammar: grammarLevel(grammarItems) } : null;
  const hasTopic = Boolean(topic?.trim());

  // Relevance: which of the topic's key (content) words the answer uses, compared by lemma.
  const topicKeys = hasTopic
    ? [...new Set(contentWords(spokenWords(topic ?? '')).map((w) => w.lemma))].filter((k) => !NOT_KEYS.has(k))
    : [];
  const clearLemmas = new Set(clear.map((w) => lemmaOf(w) ?? w));
  const keysUsed = topicKeys.filter((k) => clearLemmas.has(k));
  // Evidence of the topic: key words clearly heard, one of them very surely (the recogniser's guesses
  // hit common key words such as "day", "work" or "five" by chance).
  const sureLemmas = new Set(heardAtLeast(transcript, MIN_TOPIC_CONFIDENCE).map((w) => lemmaOf(w) ?? w));
  const onTopic = keysUsed.length >= ON_TOPIC_MIN_KEYS && keysUsed.some((k) => sureLemmas.has(k));
  const speechSec = typeof transcript === 'string' ? words.length / 2 : speechSpan(transcript);
  const answer = {
    speechSec: Math.round(speechSec * 10) / 10,
    empty: words.length === 0,
    tooShort: words.length > 0 && speechSec < SHORT_ANSWER_SEC,
    // Off-topic only when enough was heard clearly to tell; too few clear words say nothing either way.
    offTopic: topicKeys.length > 0 && (judged || onTopic) ? words.length > 0 && !onTopic : null,
    topicWordsHeard: keysUsed,
  };

  const measures: ContentMeasures = {
    wordCount: words.length,
    clearWords: clear.length,
    topic: hasTopic ? topic?.trim() : undefined,
    topicKeys,
    keysUsed,
    levels,
    grammarItems,
    length: Math.min(1, words.length / FULL_LENGTH_WORDS),
    relevance:
      topicKeys.length > 0 ? Math.min(1, keysUsed.length / topicKeys.length / FULL_RELEVANCE_RECALL) : null,
    range: levels ? (RANGE_POINTS[levels.vocabulary.level] + RANGE_POINTS[levels.grammar]) / 2 : null,
  };
  const score = words.length === 0 ? 0 : Math.round(contentScore(measures) * answerFactor(answer));

  return {
    rouge1: hasTopic ? round3(rouge1(words.join(' '), topic ?? '').fmeasure) : null,
    cefr: {
      vocabulary: levels?.vocabulary.level ?? null,
      grammar: levels?.grammar ?? null,
      clearWords: clear.length,
      vocabularyDistribution: vocabulary.distribution,
      grammarItems: grammarItems.map(({ item, level }) => ({ item, level })),
    },
    wordCount: words.length,
    narrative: maskProfanity(buildNarrative(measures)),
    score: { score, explanation: maskProfanity(explain(measures, score, answer)) },
    answer,
  };
}

/** Words heard at least this sure, fillers left out (a plain text is taken as heard for sure). */
function heardAtLeast(transcript: Transcript | string, min: number): string[] {
  if (typeof transcript === 'string') return spokenWords(transcript);
  return spokenWords(
    transcript.words
      .filter((w) => !w.filler && w.confidence >= min)
      .map((w) => w.text)
      .join(' '),
  );
}

/**
 * The clearly recognised words in runs: a recognised word the recogniser was unsure of ends a run
 * (fillers do not). A plain text is one run.
 */
function clearRuns(transcript: Transcript | string): string[][] {
  if (typeof transcript === 'string') return [spokenWords(transcript)].filter((r) => r.length > 0);
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of transcript.words) {
    if (w.filler) continue;
    if (isUncertainConfidence(w.confidence)) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(...spokenWords(w.text));
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Grammar items found in several runs, counts added, in profile order. */
function mergeItems(found: GrammarItem[][]): GrammarItem[] {
  const byCode = new Map<string, GrammarItem>();
  for (const item of found.flat()) {
    const seen = byCode.get(item.code);
    byCode.set(item.code, seen ? { ...seen, count: seen.count + item.count } : item);
  }
  return [...byCode.values()];
}

/** Seconds from the first to the last recognised word (fillers included: they are speech time). */
function speechSpan(transcript: Transcript): number {
  const ws = transcript.words;
  return ws.length ? Math.max(0, (ws.at(-1)?.end ?? 0) - ws[0].start) : 0;
}

/**
 * What an empty, short or off-topic answer keeps of its score (content and overall alike): 0 when
 * empty; {@link SHORT_FLOOR} at no speech rising to 1 at {@link SHORT_ANSWER_SEC}; times
 * {@link OFF_TOPIC_FACTOR} when off-topic.
 */
export function answerFactor(answer: AnswerCheck): number {
  if (answer.empty) return 0;
  const length = answer.tooShort
    ? SHORT_FLOOR + (1 - SHORT_FLOOR) * Math.min(1, answer.speechSec / SHORT_ANSWER_SEC)
    : 1;
  return length * (answer.offTopic ? OFF_TOPIC_FACTOR : 1);
}

/** The sentence that says why an answer as a whole was marked down ('' when it was not). */
export function explainAnswer(answer: AnswerCheck): string {
  if (answer.empty) return 'No words were recognised, so the answer could not be scored.';
  const parts: string[] = [];
  const heard = answer.topicWordsHeard ?? [];
  if (answer.offTopic)
    parts.push(
      heard.length === 0
        ? "The answer did not address the topic: none of the question's key words was clearly heard."
        : heard.length === 1
          ? `The answer did not address the topic: of the question's key words only "${heard[0]}" was clearly heard.`
          : `The answer did not address the topic: the recogniser was not sure of any of the question's key words it heard (${heard.map((w) => `"${w}"`).join(', ')}).`,
    );
  if (answer.tooShort)
    parts.push(
      `The answer was very short (${Math.round(answer.speechSec)} s of speech); answer for 30 to 60 seconds.`,
    );
  return parts.join(' ');
}

/**
 * Weighted mean of what could be measured: length 30 %, relevance 30 %, range 40 % (without a topic,
 * no relevance). Without range (too few clear words) the others keep their weights between them.
 */
function contentScore(m: ContentMeasures): number {
  const parts: [number, number][] = [[0.3, m.length]];
  if (m.relevance !== null) parts.push([0.3, m.relevance]);
  if (m.range !== null) parts.push([0.4, m.range]);
  const weight = parts.reduce((sum, [w]) => sum + w, 0);
  return Math.round((100 * parts.reduce((sum, [w, v]) => sum + w * v, 0)) / weight);
}

function explain(m: ContentMeasures, score: number, answer: AnswerCheck): string {
  if (m.wordCount === 0) return 'No words were recognised, so there was no content to assess.';
  const head = explainAnswer(answer);
  return head ? `${head} ${explainParts(m, score)}` : explainParts(m, score);
}

function explainParts(m: ContentMeasures, score: number): string {
  const parts: [string, number][] = [[`length (${m.wordCount} words)`, m.length]];
  if (m.levels && m.range !== null)
    parts.push([`range (vocabulary ${m.levels.vocabulary.level}, grammar ${m.levels.grammar})`, m.range]);
  if (m.relevance !== null)
    parts.splice(1, 0, [
      `relevance (${m.keysUsed.length} of ${m.topicKeys.length} topic key words)`,
      m.relevance,
    ]);
  const weakest = [...parts].sort((a, b) => a[1] - b[1])[0];
  const strongest = [...parts].sort((a, b) => b[1] - a[1])[0];
  const judged =
    score >= 80
      ? `Strong content: ${parts.map((p) => p[0]).join(', ')}.`
      : parts.length > 1
        ? `Held back most by ${weakest[0]}; strongest on ${strongest[0]}.`
        : `Judged on ${weakest[0]} alone.`;
  return m.levels ? judged : `${judged} ${TRANSCRIPT_TEXTS.noLevels}`;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
