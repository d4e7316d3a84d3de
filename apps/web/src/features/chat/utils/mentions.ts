import type { ChatMention, ChatMentions } from '@agaton/contracts';

/** An @ or # being typed: where it starts in the text, which sign, and what follows it so far. */
export interface MentionTrigger {
  start: number;
  sign: '@' | '#';
  query: string;
}

/** One choice of the autocomplete list: the text inserted after the sign, a hint, and its id. */
export interface MentionOption {
  key: string;
  id: string;
  name: string;
  hint: string;
}

/** Longest text after the sign that still counts as a name being typed. */
const MAX_QUERY = 40;

/**
 * The mention being typed just before the caret: an @ or # at the start or after a space, followed
 * by up to 40 characters without a line break or another sign (names have spaces).
 */
export function mentionAt(text: string, caret: number): MentionTrigger | null {
  const match = new RegExp(`(^|\\s)([@#])([^@#\\n]{0,${MAX_QUERY}})$`).exec(text.slice(0, caret));
  if (!match) return null;
  return { start: match.index + match[1].length, sign: match[2] as '@' | '#', query: match[3] };
}

const startsAnyWord = (name: string, query: string) => {
  const n = name.toLowerCase();
  return n.startsWith(query) || n.split(/\s+/).some((word) => word.startsWith(query));
};

/** People for @, teams for #, whose name or one of whose words starts with what was typed. */
export function mentionOptions(mentions: ChatMentions, trigger: MentionTrigger): MentionOption[] {
  const query = trigger.query.toLowerCase();
  if (trigger.sign === '@')
    return mentions.people
      .filter((p) => startsAnyWord(p.name, query))
      .map((p) => ({ key: `@${p.id}`, id: p.id, name: p.name, hint: p.teams.join(', ') }));
  return mentions.teams
    .filter((t) => startsAnyWord(t.name, query))
    .map((t) => ({ key: `#${t.id}`, id: t.id, name: t.name, hint: '' }));
}

/** The text with the typed mention replaced by the chosen name and a space, and the caret after it. */
export function insertMention(text: string, caret: number, trigger: MentionTrigger, name: string) {
  const inserted = `${trigger.sign}${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, trigger.start) + inserted + after, caret: trigger.start + inserted.length };
}

/**
 * The picked mentions still in the text when it is sent (a name deleted or retyped by hand is left
 * out, so the server reads what is written), each once: they tell apart people with the same name.
 */
export function pickedInText(text: string, picked: ChatMention[]): ChatMention[] {
  const kept = new Map<string, ChatMention>();
  for (const m of picked) if (text.includes(`${m.sign}${m.name}`)) kept.set(`${m.sign}${m.id}`, m);
  return [...kept.values()];
}
