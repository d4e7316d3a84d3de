/**
 * Grapheme-to-phoneme rules for words missing from the pronouncing dictionary (names, new words,
 * typos in a reference text). The aligner cannot align a word it cannot pronounce, so a rough but
 * plausible pronunciation is far better than failing the whole text. Rules are tried longest first;
 * each may require a following front vowel, the start or the end of the word.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

interface Rule {
  g: string;
  p: string;
  /** Only before e, i or y (soft c and g). */
  beforeFront?: boolean;
  /** Only at the end of the word. */
  final?: boolean;
  /** Only at the start of the word. */
  initial?: boolean;
}

const RULES: Rule[] = [
  { g: 'tion', p: 'SH AH N' },
  { g: 'sion', p: 'ZH AH N' },
  { g: 'ough', p: 'AO' },
  { g: 'augh', p: 'AO' },
  { g: 'eigh', p: 'EY' },
  { g: 'igh', p: 'AY' },
  { g: 'tch', p: 'CH' },
  { g: 'dge', p: 'JH' },
  { g: 'sch', p: 'S K' },
  { g: 'ture', p: 'CH ER' },
  { g: 'ous', p: 'AH S', final: true },
  { g: 'kn', p: 'N', initial: true },
  { g: 'wr', p: 'R', initial: true },
  { g: 'wh', p: 'W', initial: true },
  { g: 'ph', p: 'F' },
  { g: 'sh', p: 'SH' },
  { g: 'ch', p: 'CH' },
  { g: 'th', p: 'TH' },
  { g: 'ng', p: 'NG' },
  { g: 'ck', p: 'K' },
  { g: 'qu', p: 'K W' },
  { g: 'ee', p: 'IY' },
  { g: 'ea', p: 'IY' },
  { g: 'oo', p: 'UW' },
  { g: 'ou', p: 'AW' },
  { g: 'ow', p: 'OW', final: true },
  { g: 'ow', p: 'AW' },
  { g: 'oi', p: 'OY' },
  { g: 'oy', p: 'OY' },
  { g: 'ai', p: 'EY' },
  { g: 'ay', p: 'EY' },
  { g: 'au', p: 'AO' },
  { g: 'aw', p: 'AO' },
  { g: 'ew', p: 'UW' },
  { g: 'ie', p: 'IY' },
  { g: 'ey', p: 'IY', final: true },
  { g: 'er', p: 'ER' },
  { g: 'ir', p: 'ER' },
  { g: 'ur', p: 'ER' },
  { g: 'ar', p: 'AA R' },
  { g: 'or', p: 'AO R' },
  { g: 'le', p: 'AH L', final: true },
  { g: 'es', p: 'IH Z', final: true },
  { g: 'ed', p: 'D', final: true },
  { g: 'y', p: 'IY', final: true },
  { g: 'e', p: '', final: true },
  { g: 'c', p: 'S', beforeFront: true },
  { g: 'g', p: 'JH', beforeFront: true },
  { g: 'x', p: 'K S' },
  { g: 'y', p: 'Y', initial: true },
  { g: 'a', p: 'AE' },
  { g: 'e', p: 'EH' },
  { g: 'i', p: 'IH' },
  { g: 'o', p: 'AA' },
  { g: 'u', p: 'AH' },
  { g: 'y', p: 'IH' },
  { g: 'b', p: 'B' },
  { g: 'c', p: 'K' },
  { g: 'd', p: 'D' },
  { g: 'f', p: 'F' },
  { g: 'g', p: 'G' },
  { g: 'h', p: 'HH' },
  { g: 'j', p: 'JH' },
  { g: 'k', p: 'K' },
  { g: 'l', p: 'L' },
  { g: 'm', p: 'M' },
  { g: 'n', p: 'N' },
  { g: 'p', p: 'P' },
  { g: 'q', p: 'K' },
  { g: 'r', p: 'R' },
  { g: 's', p: 'S' },
  { g: 't', p: 'T' },
  { g: 'v', p: 'V' },
  { g: 'w', p: 'W' },
  { g: 'z', p: 'Z' },
];

/** Letter names, used for all-consonant tokens such as abbreviations ("BBC"). */
const LETTERS: Record<string, string> = {
  a: 'EY',
  b: 'B IY',
  c: 'S IY',
  d: 'D IY',
  e: 'IY',
  f: 'EH F',
  g: 'JH IY',
  h: 'EY CH',
  i: 'AY',
  j: 'JH EY',
  k: 'K EY',
  l: 'EH L',
  m: 'EH M',
  n: 'EH N',
  o: 'OW',
  p: 'P IY',
  q: 'K Y UW',
  r: 'AA R',
  s: 'EH S',
  t: 'T IY',
  u: 'Y UW',
  v: 'V IY',
  w: 'D AH B AH L Y UW',
  x: 'EH K S',
  y: 'W AY',
  z: 'Z IY',
};

const DIGITS = [
  'Z IH R OW',
  'W AH N',
  'T UW',
  'TH R IY',
  'F AO R',
  'F AY V',
  'S IH K S',
  'S EH V AH N',
  'EY T',
  'N AY N',
];

/**
 * A pronunciation (ARPAbet, no stress, space separated) for any word of letters and digits.
 * Returns an empty string for a word with nothing pronounceable.
 */
export function g2p(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!w) return '';
  if (/^[0-9]+$/.test(w)) return [...w].map((d) => DIGITS[Number(d)]).join(' ');
  if (![...w].some((c) => VOWELS.has(c))) return [...w].map((c) => LETTERS[c] ?? '').join(' ');
  const out: string[] = [];
  let i = 0;
  while (i < w.length) {
    const rule = RULES.find((r) => {
      if (!w.startsWith(r.g, i)) return false;
      const end = i + r.g.length;
      if (r.final && end !== w.length) return false;
      if (r.initial && i !== 0) return false;
      if (r.beforeFront && !(end < w.length && 'eiy'.includes(w[end]))) return false;
      // A final silent "e" needs a consonant before it ("make", not "be").
      if (r.g === 'e' && r.final && (w.length <= 2 || VOWELS.has(w[i - 1]))) return false;
      return true;
    });
    if (!rule) {
      i += 1;
      continue;
    }
    // Doubled consonants are pronounced once ("ll", "ss").
    const last = out[out.length - 1];
    if (rule.p && rule.p !== last) out.push(rule.p);
    i += rule.g.length;
  }
  return out.join(' ').trim();
}
