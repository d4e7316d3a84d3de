/**
 * How a recognised transcript is shown wherever one appears — session feedback, coaching reports, the
 * English test report and its PDF, a QA call, the demo (issue 26, decision 027). The offline
 * recogniser is wrong about most words of many learners; what it was unsure of is marked, and a
 * transcript that is mostly unsure says so in one line.
 */
export const TRANSCRIPT_TEXTS = {
  approximate: 'Approximate transcript — the offline recogniser was unsure of most words',
  /** The hint on a word the recogniser was unsure of. */
  unsureWord: 'Not sure what was said here',
  noGrammar: 'Not enough clearly recognised words to estimate grammar',
  noVocabulary: 'Not enough clearly recognised words to estimate vocabulary',
  /** In a content explanation that leaves both levels out. */
  noLevels: 'Not enough clearly recognised words to estimate grammar or vocabulary.',
} as const;

/** A transcript is approximate when more than this share of its words were uncertain. */
export const APPROXIMATE_TRANSCRIPT_SHARE = 0.5;

/** True when most of the words are ones the recogniser was unsure of. */
export function isApproximateTranscript(words: readonly { uncertain?: boolean }[]): boolean {
  if (words.length === 0) return false;
  return words.filter((w) => w.uncertain).length / words.length > APPROXIMATE_TRANSCRIPT_SHARE;
}

/** A word as a transcript shows it. */
export interface ShownWord {
  word: string;
  uncertain?: boolean;
}

/** The words of a transcript line (split at spaces) with the ones the recogniser was unsure of marked. */
export function wordsOfLine(line: { text: string; unsure?: readonly number[] }): ShownWord[] {
  const unsure = new Set(line.unsure ?? []);
  return line.text
    .split(' ')
    .filter(Boolean)
    .map((word, i) => (unsure.has(i) ? { word, uncertain: true } : { word }));
}
