/**
 * Text normalisation for the offline answerer: lower case, contractions expanded ("can't" → "can
 * not"), punctuation dropped, a light suffix stemmer, sentence and clause splitting, and negation cues.
 * Kept deliberately simple and predictable: what it matches, a reader can see.
 */

const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan['’]?t\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/\bwon['’]t\b/g, 'will not'],
  [/\bshan['’]t\b/g, 'shall not'],
  [/\bain['’]t\b/g, 'is not'],
  [/\b(\w+)n['’]t\b/g, '$1 not'],
  [/\b(i|you|we|they|he|she|it|that|there|who|what)['’]ll\b/g, '$1 will'],
  [/\b(i|you|we|they|who)['’]ve\b/g, '$1 have'],
  [/\b(i|you|we|they|he|she|it|that|there|who)['’]d\b/g, '$1 would'],
  [/\b(you|we|they|who)['’]re\b/g, '$1 are'],
  [/\bi['’]m\b/g, 'i am'],
  [/\blet['’]s\b/g, 'let us'],
  [/\b(it|that|there|what|he|she|here|who)['’]s\b/g, '$1 is'],
  [/['’]s\b/g, ''],
  // "Thanks for calling" is "thank you for calling" to a literal phrase.
  [/\bthanks\b/g, 'thank you'],
];

/** Lower-cased words with contractions expanded and punctuation removed. */
export function words(text: string): string[] {
  let t = text.toLowerCase().replace(/[‘’]/g, "'");
  for (const [pattern, replacement] of CONTRACTIONS) t = t.replace(pattern, replacement);
  return t
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/'/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

const IRREGULAR: Record<string, string> = {
  paid: 'pay',
  said: 'say',
  told: 'tell',
  gave: 'give',
  given: 'give',
  sent: 'send',
  made: 'make',
  took: 'take',
  taken: 'take',
  bought: 'buy',
  spoke: 'speak',
  spoken: 'speak',
  went: 'go',
  gone: 'go',
  got: 'get',
  gotten: 'get',
  felt: 'feel',
  thought: 'think',
  kept: 'keep',
  left: 'leave',
  understood: 'understand',
  children: 'child',
  people: 'person',
  money: 'money',
  was: 'be',
  were: 'be',
  is: 'be',
  are: 'be',
  am: 'be',
  been: 'be',
  has: 'have',
  had: 'have',
  did: 'do',
  does: 'do',
  done: 'do',
};

/** A light suffix stemmer: enough to meet "refunds", "refunded", "refunding" at "refund". */
export function stem(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.slice(0, -2));
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('ment') && w.length > 7) w = w.slice(0, -4);
  if (w.endsWith('ation') && w.length > 7) w = w.slice(0, -5);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 4) w = `${w.slice(0, -1)}i`;
  return w;
}

function undouble(w: string): string {
  // British doubling before a suffix ("cancelled", "travelling", "labelled").
  if (/(?:cancel|travel|label|model|signal)l$/.test(w)) return w.slice(0, -1);
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Words that carry no topic of their own. */
export const STOPWORDS = new Set(
  (
    'a an the and or but if then so of to for in on at by with from as into about up out over this that these those ' +
    'i me my mine we us our you your yours he him his she her it its they them their there here ' +
    'be is am are was were been being do does did done have has had having will would shall should can could may might must ' +
    'just really very quite also too well oh uh um okay ok yeah yes so all any some what which who whom whose when where why how ' +
    'let get got go going gonna like now today one thing things sure please thank thanks hi hello'
  ).split(' '),
);

/** Words that turn what follows in their clause around. */
export const NEGATION_CUES = new Set([
  'not',
  'no',
  'never',
  'nobody',
  'nothing',
  'none',
  'neither',
  'nor',
  'unable',
  'without',
  'refuse',
  'refused',
  'decline',
  'declined',
  'unfortunately',
]);

/** Content-word stems of a text (stopwords and negation cues left out). */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w) && !NEGATION_CUES.has(w))
    .map(stem);
}

/** A transcript line's sentences ("Sure. I can refund that today!" → two sentences). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter((s) => /[a-z0-9]/i.test(s));
}

/** Clause boundaries inside a word sequence: negation does not reach across them. */
const CLAUSE_BREAKERS = new Set(['but', 'however', 'although', 'though', 'instead', 'except', 'whereas']);

export interface Tokenised {
  words: string[];
  stems: string[];
  /** Clause number of each word (commas, semicolons and "but" start a new clause). */
  clause: number[];
}

/** Words, stems and clause numbers of a sentence. */
export function tokenise(text: string): Tokenised {
  const out: Tokenised = { words: [], stems: [], clause: [] };
  let clause = 0;
  const pieces = text.replace(/[‘’]/g, "'").split(/([,;:—–]|\s-\s)/);
  for (const piece of pieces) {
    if (/^([,;:—–]|\s-\s)$/.test(piece)) {
      clause += 1;
      continue;
    }
    for (const w of words(piece)) {
      if (CLAUSE_BREAKERS.has(w)) clause += 1;
      out.words.push(w);
      out.stems.push(stem(w));
      out.clause.push(clause);
    }
  }
  return out;
}

/**
 * Is the matched span negated? A negation cue in the same clause before (or inside) the span, within a
 * few words of its first word, and not counted in the phrase itself ("no problem" matched as a phrase
 * is not a negation of it).
 */
export function negatedAt(tokens: Tokenised, span: number[], phraseWords: Set<string>): number {
  if (span.length === 0) return -1;
  const first = Math.min(...span);
  const last = Math.max(...span);
  const clause = tokens.clause[first];
  for (let i = Math.max(0, first - 6); i <= last; i += 1) {
    if (tokens.clause[i] !== clause && i < first) continue;
    const w = tokens.words[i];
    if (!NEGATION_CUES.has(w) || phraseWords.has(w)) continue;
    // "not only", "no problem", "no worries", "no bother", "never mind" do not negate what follows.
    const next = tokens.words[i + 1];
    // A bare "No." or "Oh no," answers something said before; it negates nothing in this clause.
    if (next === undefined || tokens.clause[i + 1] !== tokens.clause[i]) continue;
    if (w === 'not' && next === 'only') continue;
    if (w === 'no' && (next === 'problem' || next === 'worries' || next === 'doubt' || next === 'bother'))
      continue;
    // "don't worry", "don't hesitate", "not a problem" reassure; they negate nothing.
    if (
      w === 'not' &&
      (next === 'worry' || next === 'hesitate' || (next === 'a' && tokens.words[i + 2] === 'problem'))
    )
      continue;
    if (w === 'never' && next === 'mind') continue;
    return i;
  }
  return -1;
}
