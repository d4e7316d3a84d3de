import { rougeTokens } from './tokenise.js';

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/**
 * ROUGE-1 (Lin, 2004): unigram overlap between a candidate and a reference, each token counted at
 * most as often as it occurs on both sides; precision = overlap / candidate tokens, recall = overlap /
 * reference tokens, F = 2PR / (P + R). No stemming and no stop-word removal, as in the default of the
 * reference scorer.
 */
export function rouge1(candidate: string, reference: string): RougeScore {
  const cand = rougeTokens(candidate);
  const ref = rougeTokens(reference);
  if (cand.length === 0 || ref.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const counts = new Map<string, number>();
  for (const t of ref) counts.set(t, (counts.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const t of cand) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(t, left - 1);
    }
  }
  const precision = overlap / cand.length;
  const recall = overlap / ref.length;
  const fmeasure = overlap === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, fmeasure };
}
