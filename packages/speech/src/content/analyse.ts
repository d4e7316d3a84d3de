import type { CefrLevel, ContentAnalysis, Transcript } from '../types.js';
import { detectGrammar, grammarLevel } from './grammar.js';
import { buildNarrative, type ContentMeasures } from './narrative.js';
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
 * Recognised words below this posterior are left out of the vocabulary estimate: PocketSphinx's wrong
 * words sit at 0.01–0.3 and would otherwise add random (often rare) words to the profile.
 */
export const MIN_VOCABULARY_CONFIDENCE = 0.3;
/** Words for full marks on length: about 40 s of speech at an average 120–150 wpm. */
export const FULL_LENGTH_WORDS = 80;
/** Share of the topic's key words an answer must use for full marks on relevance. */
export const FULL_RELEVANCE_RECALL = 0.5;
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
  const confident =
    typeof transcript === 'string'
      ? words
      : spokenWords(
          transcript.words
            .filter((w) => !w.filler && w.confidence >= MIN_VOCABULARY_CONFIDENCE)
            .map((w) => w.text)
            .join(' '),
        );
  const vocabulary = estimateVocabulary(confident);
  const grammarItems = detectGrammar(words);
  const grammar = grammarLevel(grammarItems);
  const hasTopic = Boolean(topic?.trim());

  // Relevance: which of the topic's key (content) words the answer uses, compared by lemma.
  const topicKeys = hasTopic ? [...new Set(contentWords(spokenWords(topic ?? '')).map((w) => w.lemma))] : [];
  const answerLemmas = new Set(words.map((w) => lemmaOf(w) ?? w));
  const keysUsed = topicKeys.filter((k) => answerLemmas.has(k));

  const measures: ContentMeasures = {
    wordCount: words.length,
    topic: hasTopic ? topic?.trim() : undefined,
    topicKeys,
    keysUsed,
    vocabulary,
    grammar,
    grammarItems,
    length: Math.min(1, words.length / FULL_LENGTH_WORDS),
    relevance:
      topicKeys.length > 0 ? Math.min(1, keysUsed.length / topicKeys.length / FULL_RELEVANCE_RECALL) : null,
    range: (RANGE_POINTS[vocabulary.level] + RANGE_POINTS[grammar]) / 2,
  };
  const score = words.length === 0 ? 0 : contentScore(measures);

  return {
    rouge1: hasTopic ? round3(rouge1(words.join(' '), topic ?? '').fmeasure) : null,
    cefr: {
      vocabulary: vocabulary.level,
      grammar,
      vocabularyDistribution: vocabulary.distribution,
      grammarItems: grammarItems.map(({ item, level }) => ({ item, level })),
    },
    wordCount: words.length,
    narrative: buildNarrative(measures),
    score: { score, explanation: explain(measures, score) },
  };
}

/** Weighted mean: length 30%, relevance 30%, range 40%; without a topic, length 40% and range 60%. */
function contentScore(m: ContentMeasures): number {
  const value =
    m.relevance === null
      ? 0.4 * m.length + 0.6 * m.range
      : 0.3 * m.length + 0.3 * m.relevance + 0.4 * m.range;
  return Math.round(100 * value);
}

function explain(m: ContentMeasures, score: number): string {
  if (m.wordCount === 0) return 'No words were recognised, so there was no content to assess.';
  const parts: [string, number][] = [
    [`length (${m.wordCount} words)`, m.length],
    [`range (vocabulary ${m.vocabulary.level}, grammar ${m.grammar})`, m.range],
  ];
  if (m.relevance !== null)
    parts.splice(1, 0, [
      `relevance (${m.keysUsed.length} of ${m.topicKeys.length} topic key words)`,
      m.relevance,
    ]);
  const weakest = [...parts].sort((a, b) => a[1] - b[1])[0];
  const strongest = [...parts].sort((a, b) => b[1] - a[1])[0];
  return score >= 80
    ? `Strong content: ${parts.map((p) => p[0]).join(', ')}.`
    : `Held back most by ${weakest[0]}; strongest on ${strongest[0]}.`;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
