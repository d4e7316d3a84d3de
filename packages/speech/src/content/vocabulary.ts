import { readFileSync } from 'node:fs';
import type { CefrLevel } from '../types.js';
import { lemmaCandidates } from './lemmatise.js';

export const LEVELS: CefrLevel[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

interface VocabularyData {
  levels: Record<CefrLevel, string[]>;
  function: string[];
  verbs: string[];
}

interface Lexicon {
  level: Map<string, CefrLevel>;
  functionWords: Set<string>;
  verbs: Set<string>;
}

let lexicon: Lexicon | undefined;

/** The CEFR-J + Octanove lookup built by scripts/build-cefr-data.ts, loaded once. */
export function getLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const data = JSON.parse(
    readFileSync(new URL('../../data/cefr-vocabulary.json', import.meta.url), 'utf8'),
  ) as VocabularyData;
  const level = new Map<string, CefrLevel>();
  for (const l of LEVELS) for (const w of data.levels[l]) level.set(w, l);
  lexicon = { level, functionWords: new Set(data.function), verbs: new Set(data.verbs) };
  return lexicon;
}

export interface LookedUpWord {
  word: string;
  lemma: string;
  level: CefrLevel;
}

/** The word's CEFR level via its first listed lemma candidate; undefined for unlisted words. */
export function lookUp(word: string): LookedUpWord | undefined {
  const { level } = getLexicon();
  for (const lemma of lemmaCandidates(word)) {
    const l = level.get(lemma);
    if (l) return { word, lemma, level: l };
  }
  return undefined;
}

/**
 * Words the lists also tag as adverbs or nouns but that carry no topic content in speech ("that",
 * "so", "well", "yes"); counting them would pull every estimate towards A1.
 */
const DISCOURSE_WORDS = new Set(
  'that this there here then so not very too also just yes no ok okay well now only even as than when where why how what which who really actually maybe'.split(
    ' ',
  ),
);

/** Grammatical words (articles, pronouns, auxiliaries, prepositions…) and contractions. */
export function isFunctionWord(word: string): boolean {
  const { functionWords } = getLexicon();
  return functionWords.has(word) || DISCOURSE_WORDS.has(word) || word.includes("'") || /^\d+$/.test(word);
}

/** Content words = listed, non-grammatical words of the transcript. */
export function contentWords(words: string[]): LookedUpWord[] {
  const out: LookedUpWord[] = [];
  for (const w of words) {
    if (isFunctionWord(w)) continue;
    const hit = lookUp(w);
    if (hit && !getLexicon().functionWords.has(hit.lemma)) out.push(hit);
  }
  return out;
}

/** Share of content words that sets the vocabulary level: the level that covers 95% of them. */
export const COVERAGE = 0.95;

export interface VocabularyEstimate {
  level: CefrLevel;
  distribution: Record<CefrLevel, number>;
  /** The hardest distinct words, hardest first (for the narrative). */
  hardest: LookedUpWord[];
  contentWordCount: number;
}

/**
 * Vocabulary level = the lowest CEFR level whose words, together with all easier ones, cover at least
 * 95% of the content-word tokens (the 95th percentile of their levels). 95% coverage is the usual
 * lexical threshold in vocabulary research (Laufer; Nation): a speaker whose words sit at that level
 * uses it productively, while one stray hard word (or one recognition error) in twenty does not lift
 * the estimate. Unlisted words (names, recognition errors) and function words are left out.
 */
export function estimateVocabulary(words: string[]): VocabularyEstimate {
  const content = contentWords(words);
  const distribution = Object.fromEntries(LEVELS.map((l) => [l, 0])) as Record<CefrLevel, number>;
  if (content.length === 0) return { level: 'A1', distribution, hardest: [], contentWordCount: 0 };
  for (const w of content) distribution[w.level] += 1 / content.length;
  for (const l of LEVELS) distribution[l] = Math.round(distribution[l] * 1000) / 1000;
  const ranks = content.map((w) => LEVELS.indexOf(w.level)).sort((a, b) => a - b);
  const level = LEVELS[ranks[Math.max(0, Math.ceil(COVERAGE * ranks.length) - 1)]];
  const seen = new Set<string>();
  const hardest = [...content]
    .sort((a, b) => LEVELS.indexOf(b.level) - LEVELS.indexOf(a.level) || a.lemma.localeCompare(b.lemma))
    .filter((w) => !seen.has(w.lemma) && seen.add(w.lemma));
  return { level, distribution, hardest, contentWordCount: content.length };
}
