import type { ArticleSkill } from '@agaton/contracts';

/**
 * Texts of the Learning pages that the spec does not give (its own are `articleTexts` in
 * @agaton/contracts); kept apart so they are easy to review or replace.
 */
export const LEARNING_INVENTED_TEXTS = {
  description:
    'Short guides to the sounds and skills your sessions point to, each with lines to practise aloud.',
  practiseHint: 'Read these out loud',
  readArticle: 'Read article',
} as const;

/** How a skill tag reads on a card; sounds (ARPAbet) are not shown to learners. */
export const SKILL_LABELS: Record<ArticleSkill, string> = {
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  pace: 'Pace',
  pauses: 'Pauses',
  fillers: 'Filler words',
  intelligibility: 'Clarity',
  confidence: 'Confidence',
  vocabulary: 'Vocabulary',
  'test-prep': 'Test preparation',
  meetings: 'Meetings',
  stress: 'Stress',
  intonation: 'Intonation',
  linking: 'Linking',
  numbers: 'Numbers',
};
