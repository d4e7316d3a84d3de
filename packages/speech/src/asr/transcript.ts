import type { RecognisedWord, Transcript } from '../types.js';

/** Builds a {@link Transcript}; the text keeps filled pauses, as they were said. */
export function toTranscript(words: RecognisedWord[], engine: string): Transcript {
  return { words, text: words.map((w) => w.text).join(' '), engine };
}

/** Mean word confidence, 0 for an empty transcript. */
export function meanConfidence(transcript: Transcript): number {
  const { words } = transcript;
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
}
