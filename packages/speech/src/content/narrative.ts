import type { CefrLevel } from '../types.js';
import { type GrammarItem, grammarProfileLevel } from './grammar.js';
import { GRAMMAR_PATTERNS } from './grammar-patterns.js';
import { LEVELS, type VocabularyEstimate } from './vocabulary.js';

/** The measures the score and narrative are built from (all 0–1 except counts and levels). */
export interface ContentMeasures {
  wordCount: number;
  /** Words the recogniser was sure of (all of a plain text's). */
  clearWords: number;
  topic?: string;
  topicKeys: string[];
  keysUsed: string[];
  /** Null when too few words were clearly recognised to estimate them. */
  levels: { vocabulary: VocabularyEstimate; grammar: CefrLevel } | null;
  grammarItems: GrammarItem[];
  length: number;
  relevance: number | null;
  /** Null with the levels. */
  range: number | null;
}

/**
 * Structures a teacher would suggest next, easiest first (CEFR-J Grammar Profile codes). The
 * narrative proposes the first two above the level reached that the answer did not use.
 */
const NEXT_STEPS = [
  'TA.FUT.AFF', // future with will (A2)
  'TA.PRPF.AFF', // present perfect (A2)
  'MD.would.AFF', // would (A2)
  'TA.PASTPRG.AFF', // past progressive (A2)
  'SUBJ.PAST.AFF', // second conditional (B1)
  'MD.could.AFF', // could (B1)
  'TA.PASTPF.AFF', // past perfect (B1)
  'PASS.MD.AFF', // passive after a modal (B1)
  'PREL.which', // relative clause with which (B2)
  'SUBJ.PASTPF.AFF', // third conditional (B2)
  'MD.MD_PF.AFF', // modal perfect (B2)
];

function nextStructures(reached: CefrLevel, used: GrammarItem[]): string[] {
  const usedCodes = new Set(used.map((g) => g.code));
  const names = new Map(GRAMMAR_PATTERNS.map((g) => [g.code, g.name]));
  return NEXT_STEPS.filter((code) => {
    const level = grammarProfileLevel(code);
    return level && LEVELS.indexOf(level) > LEVELS.indexOf(reached) && !usedCodes.has(code);
  })
    .slice(0, 2)
    .map((code) => `the ${names.get(code) ?? code}`);
}

const quote = (words: string[]) => words.map((w) => `"${w}"`).join(', ');

/**
 * Two or three sentences a learner can act on, generated from the measures alone (no language model):
 * what was said and how on-topic it was, the level of the vocabulary and grammar with examples, and
 * one next step aimed at the weakest component.
 */
export function buildNarrative(m: ContentMeasures): string {
  if (m.wordCount === 0) return 'No speech was recognised, so the content could not be assessed.';
  const sentences: string[] = [];

  let first = `Your answer had ${m.wordCount} ${m.wordCount === 1 ? 'word' : 'words'}`;
  if (m.relevance !== null) {
    first +=
      m.relevance >= 0.99
        ? ` and stayed on topic, using ${m.keysUsed.length} of the ${m.topicKeys.length} key words of the question (${quote(m.keysUsed.slice(0, 4))})`
        : m.keysUsed.length > 0
          ? ` and touched the topic only partly, with ${m.keysUsed.length} of its ${m.topicKeys.length} key words (${quote(m.keysUsed.slice(0, 3))})`
          : ` but used none of the question's key words (${quote(m.topicKeys.slice(0, 3))})`;
  }
  sentences.push(`${first}.`);

  const levels = m.levels;
  if (levels) {
    const advanced = levels.vocabulary.hardest.filter((w) => LEVELS.indexOf(w.level) >= 2).slice(0, 3);
    const topItems = m.grammarItems.filter((g) => g.level === levels.grammar).slice(0, 2);
    sentences.push(
      `Your vocabulary is around ${levels.vocabulary.level}${advanced.length > 0 ? `, with words such as ${quote(advanced.map((w) => w.word))}` : ''}` +
        ` and your grammar reaches ${levels.grammar}${topItems.length > 0 ? ` (${topItems.map((g) => g.item).join(', ')})` : ''}.`,
    );
  } else {
    sentences.push(
      `The recogniser was sure of only ${m.clearWords} of them, too few to estimate your vocabulary and grammar.`,
    );
  }

  const weakest = [
    { key: 'length', value: m.length },
    { key: 'relevance', value: m.relevance ?? 1 },
    { key: 'range', value: m.range ?? 1 },
  ].sort((a, b) => a.value - b.value)[0];
  if (weakest.key === 'length' && m.length < 1) {
    sentences.push('Next time, develop your answer further with reasons and examples.');
  } else if (weakest.key === 'relevance' && (m.relevance ?? 1) < 1) {
    sentences.push('Next time, answer the question more directly and use its key words.');
  } else if (levels) {
    const next = nextStructures(levels.grammar, m.grammarItems);
    if (next.length > 0) sentences.push(`To show a wider range, try ${next.join(' and ')}.`);
  }
  return sentences.join(' ');
}
