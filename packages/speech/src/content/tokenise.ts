import { isFilledPause } from '../asr/fillers.js';

/** ROUGE tokens as in the reference implementation (rouge-score): lower case, runs of [a-z0-9]. */
export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Spoken words, lower case, apostrophes kept ("don't", "it's"), filled pauses dropped. */
export function spokenWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'\s-]+/g, ' ')
    .split(/[\s-]+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w && !isFilledPause(w));
}
