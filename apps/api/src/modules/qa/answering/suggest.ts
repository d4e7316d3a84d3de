import type { PhraseSuggestion } from '@agaton/contracts';
import { parseQuestion } from './question-parse.ts';
import { STOPWORDS, words } from './text.ts';

/** Words that frame a behaviour without naming it ("properly", "make sure to"). */
const FRAMING = new Set([
  'properly',
  'correctly',
  'clearly',
  'appropriately',
  'actually',
  'ever',
  'make',
  'sure',
  'try',
  'attempt',
]);

/** Turns the other party's name into "you" and theirs into "your" for a first-person example. */
function secondPerson(text: string): string {
  return text
    .replace(
      /\b(?:the\s+)?(?:customer|caller|client|prospect|buyer|agent|rep|representative)['’]s\b/gi,
      'your',
    )
    .replace(/\b(?:the\s+)?(?:customer|caller|client|prospect|buyer|agent|rep|representative)\b/gi, 'you')
    .replace(/\b(?:their|his or her|his|her)\b/gi, 'your')
    .replace(/\b(?:them|him)\b/gi, 'you')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Evidence suggested for the question modal, by rules from the question's own words: whose lines
 * answer it (the party the question asks about; AGENT when unnamed), phrases (the behaviour as asked,
 * and its key words), and a first-person example of the behaviour being shown. Nothing beyond the
 * question's text is added; the admin edits the result.
 */
export function suggestEvidence(questionText: string, presentationText?: string): PhraseSuggestion {
  const parsed = parseQuestion(questionText);
  const speaker = parsed.subject ?? 'AGENT';
  const action = parsed.action.replace(/\s+/g, ' ').trim();
  const phrases: string[] = [];
  const content = words(action).filter((w) => !STOPWORDS.has(w) && !FRAMING.has(w));
  const target = secondPerson(action);
  if (content.length > 0) {
    // The behaviour's object without its verb is what people say ("refund policy", "date of birth").
    const objectWords = words(target)
      .slice(1)
      .filter((w) => !['you', 'your'].includes(w));
    const object = objectWords.join(' ').replace(/^(?:a|an|the|to|for|about)\s+/, '');
    if (object && object.split(' ').length <= 5) phrases.push(object);
    const keyWords = content
      .slice(1)
      .filter((w) => w.length > 3 && !['customer', 'agent', 'caller'].includes(w));
    for (const w of keyWords) if (!phrases.some((p) => p.split(' ').includes(w))) phrases.push(w);
  }
  const examples = target ? [`I ${target}`] : [];
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
