import type { Alignment } from '../types.ts';

export interface ExtraWord {
  start: number;
  end: number;
  status: 'inserted' | 'repeated';
  /** For a repetition: the reference word that was said again. */
  of?: string;
}

/** Levenshtein distance between two phone sequences. */
function editDistance(a: string[], b: string[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/** Share of differing phones at which loop phones still count as "the same word" (loops are noisy). */
const SAME_WORD = 0.5;

/**
 * Classifies speech found inside the alignment's silences: a stretch whose loop phones resemble a
 * neighbouring reference word is that word repeated; anything else is an inserted word.
 */
export function detectExtraWords(al: Alignment): ExtraWord[] {
  const out: ExtraWord[] = [];
  for (const ins of al.insertions ?? []) {
    const before = [...al.words].reverse().find((w) => w.end <= ins.start + 0.01);
    const after = al.words.find((w) => w.start >= ins.end - 0.01);
    let best: { word: string; dist: number } | null = null;
    for (const w of [before, after]) {
      if (!w) continue;
      const ref = w.phones.map((p) => p.phone);
      const dist = editDistance(ins.phones, ref) / Math.max(ref.length, ins.phones.length);
      if (!best || dist < best.dist) best = { word: w.text ?? w.word, dist };
    }
    if (best && best.dist <= SAME_WORD)
      out.push({ start: ins.start, end: ins.end, status: 'repeated', of: best.word });
    else out.push({ start: ins.start, end: ins.end, status: 'inserted' });
  }
  return out;
}
