/** A word of a reference text: as written, and the lower-case form looked up in the dictionary. */
export interface TextToken {
  /** The word as the user sees it (punctuation stripped). */
  text: string;
  /** Lower case, letters, digits and inner apostrophes only. */
  normalised: string;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Spells a whole number below one million the way it is usually read ("one hundred twenty"). */
export function numberToWords(n: number): string[] {
  if (n < 20) return [ONES[n]];
  if (n < 100) return n % 10 ? [TENS[Math.floor(n / 10)], ONES[n % 10]] : [TENS[n / 10]];
  if (n < 1000) {
    const rest = n % 100;
    return [ONES[Math.floor(n / 100)], 'hundred', ...(rest ? numberToWords(rest) : [])];
  }
  const rest = n % 1000;
  return [...numberToWords(Math.floor(n / 1000)), 'thousand', ...(rest ? numberToWords(rest) : [])];
}

/**
 * Splits a reference text into words. Hyphens and slashes separate words; digits are spelled out
 * because the aligner needs what is said, not what is written ("3" is read "three").
 */
export function tokenise(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const raw of text.split(/[\s\-–—/]+/)) {
    const text = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!text) continue;
    if (/^\d+$/.test(text) && Number(text) < 1_000_000) {
      for (const w of numberToWords(Number(text))) tokens.push({ text: w, normalised: w });
      continue;
    }
    const normalised = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '') // "café" → "cafe": accents are not in the dictionary
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .replace(/[^a-z0-9']/g, '');
    if (normalised.replace(/'/g, '')) tokens.push({ text, normalised });
  }
  return tokens;
}
