import type { SessionSummary } from '@agaton/contracts';

/** The trend above the Sessions list covers at most this many of the latest scored sessions. */
export const TREND_SESSIONS = 10;

export interface ScoredSession {
  id: string;
  timestampSeconds: number;
  score: number;
}

/** The sessions with an overall score, oldest first. */
function scoredOldestFirst(items: readonly SessionSummary[]): ScoredSession[] {
  return items
    .flatMap((s) =>
      s.overallScore === null
        ? []
        : [{ id: s.id, timestampSeconds: s.timestampSeconds, score: s.overallScore }],
    )
    .sort((a, b) => a.timestampSeconds - b.timestampSeconds);
}

/** The latest `limit` scored sessions, oldest first: the points of the trend. */
export function scoreTrend(items: readonly SessionSummary[], limit = TREND_SESSIONS): ScoredSession[] {
  return scoredOldestFirst(items).slice(-limit);
}

/**
 * Each scored session's change on the scored session before it, by session id. The oldest scored
 * session loaded has none (the one before may be on a page not loaded yet).
 */
export function changesOnPrevious(items: readonly SessionSummary[]): Map<string, number> {
  const scored = scoredOldestFirst(items);
  return new Map(scored.slice(1).map((s, i) => [s.id, Math.round(s.score - scored[i].score)]));
}
