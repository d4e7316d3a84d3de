/** Capitalised words that start questions or name things other than people. */
const NOT_NAMES = new Set(
  `i im i'm you me we us they them he she what which who whose how why when where is are was were do does did can could should would will show give list tell compare any please the this that these those my our their his her it let today yesterday english test tests qa cefr agaton ask team teams last next week month year monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december`.split(
    /\s+/,
  ),
);

/** After a name, words that make it the subject of a question about a person's results. */
const ABOUT_A_PERSON =
  /^\s+(score|scored|scores|did|does|do|doing|is|was|has|had|got|speak|speaks|spoke|sound|sounds)\b/i;

/**
 * Names in the question that look like a person's ("Parker Support", "Dana's") but match nobody the
 * asker may see: the assistant refuses them by name rather than answering about someone else. With
 * `asPerson`, two capitalised words count only when possessive or followed by a verb about a person
 * ("Parker Support scored"), so a coach's "Native Speaker" or "Sales Calls" is not taken for one.
 */
export function unknownNames(text: string, known: string[], options: { asPerson?: boolean } = {}): string[] {
  const knownLower = known.map((k) => k.toLowerCase());
  const matches = (name: string) => {
    const n = name.toLowerCase();
    return knownLower.some(
      (k) => k === n || k.startsWith(`${n} `) || k.endsWith(` ${n}`) || k.includes(` ${n} `),
    );
  };
  const found = new Set<string>();
  const withoutMentions = text.replace(/[@#][^\s@#]+/g, ' ');
  for (const m of withoutMentions.matchAll(
    /\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}(?=['’]s\b)|\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+){1,2}\b/g,
  )) {
    const after = withoutMentions.slice((m.index ?? 0) + m[0].length);
    if (options.asPerson && !/^['’]s\b/.test(after) && !ABOUT_A_PERSON.test(after)) continue;
    const words = m[0].split(/[ -]/);
    while (words.length && NOT_NAMES.has(words[0].toLowerCase())) words.shift();
    if (!words.length || words.every((w) => NOT_NAMES.has(w.toLowerCase()))) continue;
    const name = words.join(' ');
    if (!matches(name)) found.add(name);
  }
  return [...found];
}
