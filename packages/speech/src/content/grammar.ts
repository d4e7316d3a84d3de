import { readFileSync } from 'node:fs';
import type { CefrLevel } from '../types.js';
import { GRAMMAR_PATTERNS } from './grammar-patterns.js';
import { LEVELS } from './vocabulary.js';

export interface GrammarItem {
  /** CEFR-J Grammar Profile shorthand code, e.g. "TA.PRPF.AFF". */
  code: string;
  /** Learner-facing name, e.g. "present perfect". */
  item: string;
  level: CefrLevel;
  /** How often the pattern matched. */
  count: number;
}

let levels: Map<string, CefrLevel> | undefined;

function profileLevels(): Map<string, CefrLevel> {
  if (!levels) {
    const rows = JSON.parse(
      readFileSync(new URL('../../data/cefr-grammar.json', import.meta.url), 'utf8'),
    ) as {
      code: string;
      level: CefrLevel;
    }[];
    levels = new Map(rows.map((r) => [r.code, r.level]));
  }
  return levels;
}

/** The CEFR-J level of a grammar item code, if the profile has it. */
export function grammarProfileLevel(code: string): CefrLevel | undefined {
  return profileLevels().get(code);
}

function countMatches(text: string, pattern: RegExp): number {
  // Each pattern starts at a word boundary; count non-overlapping matches by scanning forward.
  const global = new RegExp(pattern.source, 'g');
  let n = 0;
  for (const m of text.matchAll(global)) if (m[0].length > 0) n++;
  return n;
}

/** The CEFR-J grammar items found in the words, in profile order, with their profile level. */
export function detectGrammar(words: string[]): GrammarItem[] {
  const text = words.join(' ');
  const profile = profileLevels();
  const found: GrammarItem[] = [];
  for (const g of GRAMMAR_PATTERNS) {
    const level = profile.get(g.code);
    if (!level) continue;
    const count = countMatches(text, g.pattern);
    if (count > 0) found.push({ code: g.code, item: g.name, level, count });
  }
  return found;
}

/**
 * Grammar level = the highest CEFR-J level among the items used. Grammar patterns key on function
 * words, which recognition gets right far more often than content words, so one occurrence counts.
 * With nothing detected the level is A1. The profile places many everyday items (would, could, past
 * perfect, second conditional) at B1, so B1 is reached by most fluent answers — hence the spec shows
 * grammar B1 as "B1 or higher".
 */
export function grammarLevel(items: GrammarItem[]): CefrLevel {
  let best = 0;
  for (const i of items) best = Math.max(best, LEVELS.indexOf(i.level));
  return LEVELS[best];
}
