/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, by Levenshtein
 * distance over normalised words (the standard NIST-style definition without a scoring GLM).
 */
export function wordErrorRate(reference: string, hypothesis: string): WerCounts {
  const ref = normaliseForWer(reference);
  const hyp = normaliseForWer(hypothesis);
  return { errors: editDistance(ref, hyp), referenceWords: ref.length };
}

export interface WerCounts {
  errors: number;
  referenceWords: number;
}

/** Lower case, hyphens split, other punctuation dropped, filled pauses removed (they are not errors). */
export function normaliseForWer(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<\/?s>/g, ' ')
    .replace(/-/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(uh|um|er|erm|ah|hmm|mm)$/.test(w));
}

function editDistance(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
