import type { ArticleLink, ArticleSummary } from '@agaton/contracts';
import { articleLibrary } from './articles.service.ts';

/** A named weak sound says more about what to read than a broad skill does. */
const PHONE_WEIGHT = 2;
const SKILL_WEIGHT = 1;
export const DEFAULT_RECOMMENDATION_LIMIT = 3;

export interface RecommendArticlesOptions {
  /** The learner's weakest sounds as ARPAbet, weakest first ('TH', 'dh', 'IY1': case and stress digits are ignored). */
  weakPhones: readonly string[];
  /** Skills to work on, most pressing first: 'fillers', 'pace', 'pauses', 'intelligibility', or any goal focus. */
  skills: readonly string[];
  /** At most this many links (default 3). */
  limit?: number;
  /** Articles to choose from, in list order; the shipped library unless given. */
  library?: readonly Pick<ArticleSummary, 'slug' | 'title' | 'tags'>[];
}

const phoneKey = (phone: string) => phone.replace(/[0-9]/g, '').trim().toUpperCase();
const skillKey = (skill: string) => skill.trim().toLowerCase();

/** Weight of each wanted tag: earlier (weaker) entries count more; a repeated entry keeps its first rank. */
function wantedTags(weakPhones: readonly string[], skills: readonly string[]): Map<string, number> {
  const wanted = new Map<string, number>();
  const add = (keys: string[], weight: number) => {
    keys
      .filter((key, i) => key && keys.indexOf(key) === i)
      .forEach((key, rank) => {
        wanted.set(key, (wanted.get(key) ?? 0) + weight / (rank + 1));
      });
  };
  add(weakPhones.map(phoneKey), PHONE_WEIGHT);
  add(skills.map(skillKey), SKILL_WEIGHT);
  return wanted;
}

/**
 * The articles that best match a learner's weakest sounds and skills, for session feedback and
 * coaching reports to link. Each article scores the weights of the tags it shares with the learner
 * (sounds twice a skill, earlier entries more than later); ties go to the more focused article (fewer
 * tags), then to list order. Articles that match nothing are never returned, so the list may be short
 * or empty. Pure apart from reading the shipped library once when none is given.
 */
export function recommendArticles({
  weakPhones,
  skills,
  limit = DEFAULT_RECOMMENDATION_LIMIT,
  library = articleLibrary().articles,
}: RecommendArticlesOptions): ArticleLink[] {
  const wanted = wantedTags(weakPhones, skills);
  const count = Math.max(0, Math.floor(limit));
  if (wanted.size === 0 || count === 0) return [];
  return library
    .map((article, index) => ({
      article,
      index,
      score: article.tags.reduce((sum, tag) => sum + (wanted.get(tag) ?? 0), 0),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.article.tags.length - b.article.tags.length || a.index - b.index)
    .slice(0, count)
    .map(({ article }) => ({ slug: article.slug, title: article.title }));
}
