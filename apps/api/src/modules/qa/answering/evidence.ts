import {
  contentStems,
  NEGATION_CUES,
  negatedAt,
  sentences,
  type Tokenised,
  tokenise,
  words,
} from './text.ts';

/** A text that counts as evidence of a YES: a literal phrase, an example phrasing or a script line. */
export interface EvidenceText {
  text: string;
  kind: 'phrase' | 'example' | 'derived' | 'reference';
  /** Weight of a full match (a script line or a phrase derived from the question counts a bit less). */
  weight: number;
  stems: string[];
  /** The evidence text itself is negative ("not able to"): a negated sentence then agrees with it. */
  negative: boolean;
}

export function evidenceText(text: string, kind: EvidenceText['kind'], weight: number): EvidenceText {
  return {
    text,
    kind,
    weight,
    stems: [...new Set(contentStems(text))],
    negative: words(text).some((w) => NEGATION_CUES.has(w)),
  };
}

/** One sentence of a transcript line, tokenised once. */
export interface CallSentence {
  lineIndex: number;
  text: string;
  tokens: Tokenised;
}

export function callSentences(lines: { index: number; text: string }[]): CallSentence[] {
  return lines.flatMap((line) =>
    sentences(line.text).map((text) => ({ lineIndex: line.index, text, tokens: tokenise(text) })),
  );
}

export interface Match {
  /** 0..1, weighted. */
  score: number;
  /** Token positions of the sentence that matched (for the negation window). */
  span: number[];
}

/**
 * Lexical match of an evidence text in a sentence. A phrase whose content words all occur within a
 * short window scores its full weight; otherwise the share of its content words found, discounted
 * (a single shared word of a long phrase is weak evidence).
 */
export function lexicalMatch(evidence: EvidenceText, sentence: CallSentence): Match {
  const need = evidence.stems;
  if (need.length === 0) return { score: 0, span: [] };
  const positions = new Map<string, number[]>();
  sentence.tokens.stems.forEach((s, i) => {
    if (need.includes(s)) positions.set(s, [...(positions.get(s) ?? []), i]);
  });
  const found = need.filter((s) => positions.has(s));
  if (found.length === 0) return { score: 0, span: [] };
  const span = found.map((s) => (positions.get(s) as number[])[0]);
  const share = found.length / need.length;
  if (share === 1) {
    const width = Math.max(...span) - Math.min(...span) + 1;
    const tight = width <= need.length + 4;
    return { score: evidence.weight * (tight ? 1 : 0.85), span };
  }
  // Partial overlap: two of three words is suggestive, one of four is not.
  const partial = need.length >= 2 && found.length >= 2 ? share ** 1.5 * 0.85 : share * 0.35;
  return { score: evidence.weight * partial, span };
}

/**
 * Polarity of a match: 'agree' when the sentence says what the evidence says, 'negated' when a
 * negation cue in the same clause turns a positive evidence text around ("I can't offer a refund"),
 * 'drop' when a negative evidence text ("not able to") meets a positive sentence.
 */
export function matchPolarity(
  evidence: EvidenceText,
  sentence: CallSentence,
  span: number[],
): 'agree' | 'negated' | 'drop' {
  const useSpan = span.length > 0 ? span : firstContentPositions(sentence);
  const negated = negatedAt(sentence.tokens, useSpan, new Set()) >= 0;
  if (negated === evidence.negative) return 'agree';
  return negated ? 'negated' : 'drop';
}

function firstContentPositions(sentence: CallSentence): number[] {
  // No shared word (a match by meaning): any cue in the sentence counts.
  const n = sentence.tokens.words.length;
  return n === 0 ? [] : [0, n - 1];
}
