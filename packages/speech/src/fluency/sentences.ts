import { LONG_PAUSE_SEC, type TimedWord } from './events.ts';

/** A sentence as a time span of the recording. */
export interface SentenceSpan {
  start: number;
  end: number;
  words: number;
}

/** Number of sentences in a written text: runs ending in . ! ? (a text without any is one). */
export function countSentences(text: string): number {
  const parts = text
    .split(/[.!?]+(?=\s|$)/)
    .map((s) => s.trim())
    .filter((s) => /[a-z0-9]/i.test(s));
  return Math.max(1, parts.length);
}

/**
 * Split spoken words into sentences. Reading: the reference text's punctuation tells how many words
 * each sentence has. Free speech: a recogniser that punctuates (OpenAI-style endpoints) ends sentences
 * itself; otherwise a long pause (≥ 0.7 s) is taken as the end of a sentence.
 */
export function sentenceSpans(words: TimedWord[], referenceText?: string): SentenceSpan[] {
  if (words.length === 0) return [];
  const spans: SentenceSpan[] = [];
  let current: SentenceSpan | undefined;
  const close = () => {
    if (current) spans.push(current);
    current = undefined;
  };

  const lengths = referenceText ? sentenceLengths(referenceText) : undefined;
  let sentenceIndex = 0;
  let inSentence = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!lengths && current && w.start - words[i - 1].end >= LONG_PAUSE_SEC) close();
    current ??= { start: w.start, end: w.end, words: 0 };
    current.end = w.end;
    current.words++;
    if (lengths) {
      inSentence++;
      if (inSentence >= (lengths[sentenceIndex] ?? Number.POSITIVE_INFINITY)) {
        close();
        sentenceIndex++;
        inSentence = 0;
      }
    } else if (/[.!?]["')\]]*$/.test(w.text)) {
      close();
    }
  }
  close();
  return spans;
}

/** Words per sentence of a reference text, in order. */
function sentenceLengths(text: string): number[] {
  return text
    .split(/[.!?]+(?=\s|$)/)
    .map((s) => s.split(/\s+/).filter((t) => /[a-z0-9]/i.test(t)).length)
    .filter((n) => n > 0);
}
