import {
  contentStems,
  NEGATION_CUES,
  negatedAt,
  sentences,
  stem,
  type Tokenised,
  tokenise,
  words,
} from './text.ts';

/**
 * A text that counts as evidence of a YES. Phrases are literal: their words must occur in order.
 * Examples, the behaviour named by the question ("derived") and script lines of the reference
 * documents are compared by meaning, with shared words as a second opinion.
 */
export interface EvidenceText {
  text: string;
  kind: 'phrase' | 'example' | 'derived' | 'reference';
  /** Weight of a full match. */
  weight: number;
  /** Content-word stems. */
  stems: string[];
  /** Every word's stem but articles, in order (for literal phrases). */
  sequence: string[];
  /** The evidence text itself is negative ("not able to"): a negated sentence then agrees with it. */
  negative: boolean;
}

const ARTICLES = new Set(['a', 'an', 'the']);

export function evidenceText(text: string, kind: EvidenceText['kind'], weight: number): EvidenceText {
  const all = words(text);
  return {
    text,
    kind,
    weight,
    stems: [...new Set(contentStems(text))],
    sequence: all.filter((w) => !ARTICLES.has(w)).map(stem),
    negative: all.some((w) => NEGATION_CUES.has(w)),
  };
}

/** A part of a sentence compared by meaning: the whole sentence or one of its clauses. */
export interface Unit {
  text: string;
  /** Token range in the sentence, inclusive. */
  from: number;
  to: number;
}

/** One sentence of a transcript line, tokenised once. */
export interface CallSentence {
  lineIndex: number;
  text: string;
  tokens: Tokenised;
  /** The sentence, and its clauses when it has several (each of at least three words). */
  units: Unit[];
  /** Content words: a sentence without any ("Okay.", "Bye now.") is never compared by meaning. */
  contentWords: number;
}

export function callSentences(lines: { index: number; text: string }[]): CallSentence[] {
  return lines.flatMap((line) =>
    sentences(line.text).map((text) => {
      const tokens = tokenise(text);
      const units: Unit[] = [{ text, from: 0, to: tokens.words.length - 1 }];
      const clauses = new Map<number, number[]>();
      tokens.clause.forEach((c, i) => {
        clauses.set(c, [...(clauses.get(c) ?? []), i]);
      });
      if (clauses.size > 1) {
        for (const positions of clauses.values()) {
          if (positions.length < 3) continue;
          const from = positions[0];
          const to = positions[positions.length - 1];
          units.push({ text: tokens.words.slice(from, to + 1).join(' '), from, to });
        }
      }
      return { lineIndex: line.index, text, tokens, units, contentWords: contentStems(text).length };
    }),
  );
}

export interface Match {
  /** 0..1, weighted. */
  score: number;
  /** Token positions of the sentence that matched (for the negation window). */
  span: number[];
}

const NO_MATCH: Match = { score: 0, span: [] };

/** Most words a literal phrase may have between two of its own ("offer you a full refund"). */
const PHRASE_GAP = 2;
/** A literal phrase found only in part is weak evidence: never enough for a YES on its own. */
const PARTIAL_PHRASE_CAP = 0.45;

/** A literal phrase: its words in order, with at most PHRASE_GAP other words between them. */
export function phraseMatch(evidence: EvidenceText, sentence: CallSentence): Match {
  const seq = evidence.sequence;
  const stems = sentence.tokens.stems;
  if (seq.length === 0) return NO_MATCH;
  for (let start = 0; start < stems.length; start += 1) {
    if (stems[start] !== seq[0]) continue;
    const span = [start];
    let at = start;
    for (let k = 1; k < seq.length; k += 1) {
      let next = -1;
      for (let j = at + 1; j <= Math.min(stems.length - 1, at + 1 + PHRASE_GAP); j += 1) {
        if (stems[j] === seq[k]) {
          next = j;
          break;
        }
      }
      if (next < 0) break;
      span.push(next);
      at = next;
    }
    if (span.length === seq.length) return { score: evidence.weight, span };
  }
  const partial = overlapMatch(evidence, sentence);
  return { score: Math.min(PARTIAL_PHRASE_CAP, partial.score * 0.6), span: partial.span };
}

/**
 * Shared content words of an example or script line and a sentence: all of them score 0.85 of the
 * weight, two of three about half; a single shared word of a longer text is weak.
 */
export function overlapMatch(evidence: EvidenceText, sentence: CallSentence): Match {
  const need = evidence.stems;
  if (need.length === 0) return NO_MATCH;
  const span: number[] = [];
  let found = 0;
  for (const s of need) {
    const at = sentence.tokens.stems.indexOf(s);
    if (at >= 0) {
      found += 1;
      span.push(at);
    }
  }
  if (found === 0) return NO_MATCH;
  const share = found / need.length;
  const score = found === need.length || found >= 2 ? share ** 1.5 * 0.85 : share * 0.35;
  return { score: evidence.weight * score, span };
}

/** Words after a negation that show it negates an ability or an act ("not able to", "can't offer"). */
const NEGATED_ACT = new Set([
  'able',
  'allow',
  'can',
  'could',
  'will',
  'would',
  'go',
  'going',
  'possibl',
  'need',
  'offer',
  'give',
  'do',
]);

/**
 * Polarity of a match: 'agree' when the sentence says what the evidence says, 'negated' when a
 * negation cue in the matched clause turns a positive evidence text around ("I can't offer a
 * refund"), 'drop' when a negative evidence text ("not able to") meets a positive sentence. A match
 * by meaning alone (no shared word) counts as negated only when the cue negates an act or shares a
 * word with the evidence: "that should never have happened" does not undo an apology.
 */
export function matchPolarity(
  evidence: EvidenceText,
  sentence: CallSentence,
  match: { span: number[]; unit?: Unit },
): 'agree' | 'negated' | 'drop' {
  let negated: boolean;
  if (match.span.length > 0) {
    negated = negatedAt(sentence.tokens, match.span, new Set()) >= 0;
  } else {
    const unit = match.unit ?? sentence.units[0];
    const cue = negatedAt(sentence.tokens, [unit.from, unit.to], new Set());
    const inUnit = cue >= unit.from && cue <= unit.to;
    const after = sentence.tokens.stems.slice(cue + 1, cue + 4);
    const shares = sentence.tokens.stems
      .slice(unit.from, unit.to + 1)
      .some((s) => evidence.stems.includes(s));
    negated = inUnit && (shares || after.some((s) => NEGATED_ACT.has(s)));
  }
  if (negated === evidence.negative) return 'agree';
  return negated ? 'negated' : 'drop';
}
