import type { PhraseSuggestion } from '@agaton/contracts';
import { parseQuestion } from './question-parse.ts';

const PARTY = String.raw`(?:the\s+)?(?:customer|caller|client|prospect|buyer|agent|rep|representative)`;

/**
 * The behaviour as its speaker would say it: the other party becomes "you"/"your", the speaker's own
 * pronouns ("introduce themselves", "cancel their plan") become "I"/"my"/"myself".
 */
function firstPerson(action: string): string {
  return action
    .replace(new RegExp(`\\b${PARTY}['’]s\\b`, 'gi'), 'your')
    .replace(new RegExp(`\\b${PARTY}\\b`, 'gi'), 'you')
    .replace(/\bthemselves\b|\bhimself\b|\bherself\b/gi, 'myself')
    .replace(/\bthey\s+could\b/gi, 'I can')
    .replace(/\bthey\s+would\b/gi, 'I will')
    .replace(/\bthey\b/gi, 'I')
    .replace(/\btheir\b|\bhis or her\b/gi, 'my')
    .replace(/\bthem\b|\bhim\b/gi, 'you')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "ask if there was anything else I can help with" → "is there anything else I can help with". */
function asQuestion(clause: string): string | null {
  const m = /^ask(?:ed)?\s+(?:if|whether)\s+(.+)$/i.exec(clause);
  if (!m) return null;
  return m[1]
    .replace(/^there\s+(?:was|is)\b/i, 'is there')
    .replace(/^you\s+(?:had|have)\b/i, 'do you have')
    .replace(/^you\s+(?:were|are)\b/i, 'are you')
    .trim();
}

const LEADING = /^(?:a|an|the|that|if|whether|about|for|to|with|of|on|your|my|you)\s+/i;

function objectOf(part: string): string {
  let rest = part.split(/\s+/).slice(1).join(' ');
  for (let i = 0; i < 3; i += 1) rest = rest.replace(LEADING, '');
  return rest.trim();
}

/**
 * Evidence suggested for the question modal, by rules from the question's own words: whose lines
 * answer it (the party the question asks about; AGENT when unnamed), phrases (each behaviour of the
 * question and its object: "greet the customer and introduce themselves" → "greet", "introduce
 * myself"), and first-person examples of the behaviour being shown. Nothing beyond the question's
 * text is added, except quoted phrasings of the explanation; the admin edits the result.
 */
export function suggestEvidence(questionText: string, presentationText?: string): PhraseSuggestion {
  const parsed = parseQuestion(questionText);
  const speaker = parsed.subject ?? 'AGENT';
  const action = firstPerson(parsed.action);
  const parts = action
    .split(/\s*[,;]\s*|\s+(?:and|or|and\/or)\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const phrases: string[] = [];
  const examples: string[] = [];
  for (const [i, part] of parts.entries()) {
    const question = asQuestion(part);
    if (question) {
      phrases.push(question);
      continue;
    }
    // After "and"/"or" comes another object ("an upgrade or an additional product") or a short
    // behaviour ("and introduce themselves"): the part itself, without its article, is the phrase.
    if (i > 0) {
      phrases.push(part.replace(/^(?:a|an|the)\s+/i, ''));
      continue;
    }
    const object = objectOf(part);
    const words = object.split(/\s+/).filter(Boolean).length;
    if (words === 0 || /^(?:you|me|myself|yourself)$/i.test(object) || words > 4) phrases.push(part);
    else phrases.push(object);
  }
  const question = asQuestion(action);
  examples.push(question ?? `I ${action}`);
  // A quoted phrasing of the explanation that shows the behaviour ('e.g. "thank you for calling"').
  if (presentationText) examples.push(...quotedPhrasings(presentationText).shown);
  return {
    speaker,
    phrases: [...new Set(phrases)].slice(0, 8),
    examples: [...new Set(examples)].slice(0, 8),
  };
}

/** What an explanation says of the phrasings it quotes. */
export interface QuotedPhrasings {
  /** Examples of the behaviour asked ("e.g. 'Morning, you're through to Sam'", "Things like '…'"). */
  shown: string[];
  /** Said to be right ("'I can't promise that' is the right answer", "'…' also counts"). */
  good: string[];
  /** Said not to count, or forbidden ("'Yeah?' is not a welcome", "rather than '…'", "never say '…'"). */
  bad: string[];
}

/**
 * A quote in double quotes, or in single quotes that open after a space and close before a space or
 * punctuation (so "you're" inside 'Morning, you're through to Sam' does not end it).
 */
const QUOTE =
  /["“]([^"”\n]{2,160})["”]|(?<=^|[\s(:,])['‘]((?:[^'’\n]|['’](?=\w)){2,160}?)['’](?=$|[\s.,;:!?)])/g;
/** A negation, "rather than" or "instead of" before a quote in its sentence ("must never say '…'"). */
const BAD_BEFORE = /\b(?:not|never|rather\s+than|instead\s+of)\b|n['’]t\b/i;
/**
 * A negated predicate after the quote ("'Yeah?' is not a welcome", "'No idea' doesn't"), right after
 * it or after words that qualify it ("'Fraud line' on its own is not an opening", "'Loomfield
 * billing' with no name, or a name with no company, is not enough", "'Let me look into that' or just
 * reading out the amount doesn't count"). The qualifying words hold no verb of their own and no
 * "but", so in "'…' is fine, but '…' is not" the first quote stays good.
 */
const QUALIFIER = String.raw`(?:(?!\b(?:but|is|are|was|were|does|do|did|will|would|counts?)\b)[^;:!?])`;
const BAD_AFTER = new RegExp(
  [
    String.raw`^\s*(?:is|are|was|were|does|do|did|will|would|wo|ca)?\s*(?:not|never|n['’]t)\b`,
    String.raw`^${QUALIFIER}+?\b(?:is|are|was|were|does|do|did)\s*(?:not|never|n['’]t)\b`,
    String.raw`^${QUALIFIER}*?\b(?:is|are)\s+(?:a\s+)?(?:fail|wrong)\b`,
  ].join('|'),
  'i',
);
const GOOD_SENTENCE = /\b(?:right\s+answer|counts?|(?:is|are)\s+(?:fine|good|ok|okay|correct))\b/i;
const PLACEHOLDER = /\uE000\d+\uE000/g;

/**
 * The phrasings an explanation quotes, sorted by what it says of them: `bad` when a negation,
 * "rather than" or "instead of" stands before the quote in its sentence or a negated predicate follows
 * it, `good` when its sentence says it is right, else `shown`. Which of good and bad means YES depends
 * on whether YES is the good answer (the answerer decides).
 */
export function quotedPhrasings(explanation: string): QuotedPhrasings {
  const quotes: string[] = [];
  // Quotes become placeholders first: "'Yeah?' is not a welcome" must not split at the "?".
  const masked = explanation.replace(QUOTE, (_, double: string | undefined, single: string | undefined) => {
    quotes.push((double ?? single ?? '').trim());
    return ` \uE000${quotes.length - 1}\uE000 `;
  });
  const out: QuotedPhrasings = { shown: [], good: [], bad: [] };
  for (const sentence of masked.split(/(?<=[.!?])\s+/)) {
    for (const m of sentence.matchAll(/\uE000(\d+)\uE000/g)) {
      const before = sentence.slice(0, m.index).replace(PLACEHOLDER, ' ');
      // What follows the quote and any quotes joined to it ("'Account number?' or 'Yeah?' is not …").
      const after = sentence
        .slice((m.index ?? 0) + m[0].length)
        .replace(/^(?:\s*(?:,|or|and)?\s*\uE000\d+\uE000)*/, '');
      const kind =
        BAD_BEFORE.test(before) || BAD_AFTER.test(after)
          ? 'bad'
          : GOOD_SENTENCE.test(sentence.replace(PLACEHOLDER, ' '))
            ? 'good'
            : 'shown';
      const quote = quotes[Number(m[1])];
      if (quote.length >= 3) out[kind].push(quote);
    }
  }
  return out;
}
