/**
 * Profanities and slurs a recogniser may put into a transcript (PocketSphinx's general language model
 * has them, and its guesses on learner speech are often far from what was said). Every transcript and
 * word shown to a user goes through {@link maskProfanity} / {@link maskWord}; the raw text is kept for
 * analysis only.
 *
 * The list is our own (written for this project, no third-party list): common English swear words
 * and ethnic, homophobic and ableist slurs, with the inflections a recogniser produces. Mild words
 * ("damn", "hell", "crap") are not masked; neither are words with an everyday sense that a learner
 * may well say ("bloody" as in a bloody nose, "screw", "balls"). Extend it here, nowhere else.
 */

/** Whole words, compared in lower case without apostrophes. */
const WORDS = new Set([
  'arse',
  'arsehole',
  'ass',
  'asshole',
  'assholes',
  'bastard',
  'bastards',
  'bitch',
  'bitches',
  'bitching',
  'bollocks',
  'chink',
  'chinks',
  'cock',
  'cocks',
  'coon',
  'coons',
  'dick',
  'dicks',
  'dickhead',
  'dyke',
  'dykes',
  'fag',
  'fags',
  'gook',
  'gooks',
  'kike',
  'kikes',
  'paki',
  'pakis',
  'piss',
  'pissed',
  'pissing',
  'prick',
  'pricks',
  'pussy',
  'retard',
  'retarded',
  'retards',
  'slut',
  'sluts',
  'spic',
  'spics',
  'tranny',
  'twat',
  'twats',
  'wank',
  'wanker',
  'wankers',
  'wetback',
  'whore',
  'whores',
]);

/** Stems no innocent English word starts with: every word beginning with one is masked. */
const STEMS = ['bullshit', 'cunt', 'fag', 'fuck', 'motherfuck', 'nigg', 'shit'];
/** Words that start with a stem but are innocent. */
const ALLOWED = new Set(['shitake', 'shiitake']);

const key = (word: string) => word.toLowerCase().replace(/[’']/g, '');

/** True when the word (any case, punctuation around it ignored) is on the list. */
export function isProfane(word: string): boolean {
  const k = key(word).replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (!k || ALLOWED.has(k)) return false;
  return WORDS.has(k) || STEMS.some((s) => k.startsWith(s));
}

/**
 * "fuck" → "f***": the first letter stays so the sentence still reads, the rest is starred. Words not
 * on the list come back unchanged unless `force` is set.
 */
export function maskWord(word: string, force = false): string {
  if (!force && !isProfane(word)) return word;
  return word.replace(
    /([A-Za-z])([A-Za-z’']*)/,
    (_, first: string, rest: string) => first + '*'.repeat(rest.length),
  );
}

/** A text with every listed word masked; spacing and punctuation are kept. */
export function maskProfanity(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z’']*/g, (w) => maskWord(w));
}
