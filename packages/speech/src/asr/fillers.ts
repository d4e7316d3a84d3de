/**
 * Filled pauses. PocketSphinx's dictionary spells them as ordinary words ("uh", "um", "er", …) and
 * other engines as "++UH++"-style filler tokens or with punctuation; all map to one lower-case form.
 */
export const FILLED_PAUSES: ReadonlySet<string> = new Set([
  'uh',
  'um',
  'er',
  'erm',
  'ah',
  'eh',
  'hmm',
  'hm',
  'mm',
  'mhm',
  'uhm',
  'umm',
  'uhh',
]);

/** Decoder-internal tokens that are not speech: silence, noise, sentence markers. */
const NON_SPEECH = /^(<.*>|\[.*\]|\+\+?(noise|breath|cough|laugh|smack|garbage|spn|nsn)\+?\+?)$/i;

/** Lower case, alternate-pronunciation suffix "(2)" and "++…++" wrappers removed. */
export function normaliseToken(token: string): string {
  return token
    .replace(/\(\d+\)$/, '')
    .replace(/^\+\+(.*)\+\+$/, '$1')
    .toLowerCase();
}

/** True for silence/noise markers that should not appear in a transcript at all. */
export function isNonSpeech(token: string): boolean {
  return NON_SPEECH.test(token.trim());
}

/** True for a filled pause ("uh", "um", "++UH++", "Um,"). */
export function isFilledPause(token: string): boolean {
  return FILLED_PAUSES.has(
    normaliseToken(token)
      .replace(/[^a-z]/g, '')
      .trim(),
  );
}
