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
  if (presentationText) {
    // A quoted phrasing in the explanation ('e.g. "thank you for calling"') is an example.
    for (const m of presentationText.matchAll(/["“]([^"”]{3,120})["”]/g)) examples.push(m[1].trim());
  }
  return {
    speaker,
    phrases: [...new Set(phrases)].slice(0, 8),
    examples: [...new Set(examples)].slice(0, 8),
  };
}
