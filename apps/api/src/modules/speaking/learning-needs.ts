import type { ArticleLink, SessionMetrics } from '@agaton/contracts';
import { recommendArticles } from '../articles/index.ts';
import { knownGoals } from './goal-progress.ts';
import { AVERAGE_WPM, type Figures, figuresOf, weakestSounds } from './speaking-figures.ts';

/** Below this, an area is worth an article even if it is not the weakest. */
const WEAK_SCORE = 70;
/** Fillers or long pauses per minute of speaking beyond which the habit is worth reading about. */
const HABIT_PER_MINUTE = 2;

/**
 * What the learner should read about, most pressing first: the sounds that keep scoring low, then
 * the habits and areas the figures show to be weak, then the focus of each chosen goal.
 */
export function learningNeeds(f: Figures, goalIds: string[]): { weakPhones: string[]; skills: string[] } {
  const weakPhones = weakestSounds(f)
    .slice(0, 3)
    .map((s) => s.phone);
  const skills: string[] = [];
  if ((f.fillersPerMinute ?? 0) >= HABIT_PER_MINUTE) skills.push('fillers');
  const wpm = f.wordsPerMinute;
  if (wpm !== null && (wpm < AVERAGE_WPM.min || wpm > AVERAGE_WPM.max)) skills.push('pace');
  if ((f.longPausesPerMinute ?? 0) >= HABIT_PER_MINUTE) skills.push('pauses');
  if (f.intelligibility !== null && f.intelligibility < WEAK_SCORE) skills.push('intelligibility');
  if (f.fluency !== null && f.fluency < WEAK_SCORE) skills.push('fluency');
  for (const goal of knownGoals(goalIds)) skills.push(goal.focus);
  return { weakPhones, skills };
}

/** Learning articles matching what these sessions (newest first) show to be weakest. */
export function articlesFor(newestFirst: SessionMetrics[], goalIds: string[]): ArticleLink[] {
  if (!newestFirst.length) return [];
  return recommendArticles(learningNeeds(figuresOf(newestFirst), goalIds));
}
