import { readFileSync } from 'node:fs';
import type {
  SessionMetrics,
  SessionPhonemeMetric,
  SessionSpeech,
  SessionWordMetric,
  StoredSessionProfile,
} from '@agaton/contracts';

/**
 * `toSessionAnalysis` of a real engine run (the meeting of packages/speech/test/meeting-audio.ts:
 * learner recordings and flite sentences, recognised by PocketSphinx), timed words left out.
 */
export function realMeeting(): { speech: SessionSpeech; metrics: SessionMetrics } {
  const path = new URL('../sessions/fixtures/meeting-analysis.json', import.meta.url);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** A stored profile with nothing in it: rows whose tests read only their metrics or words. */
export const EMPTY_PROFILE: StoredSessionProfile = {
  speakingTimePercentage: null,
  wordsSaid: null,
  evaluation: null,
  highlights: [],
  transcript: null,
  blocks: [],
  subProfiles: {},
};

/** The real meeting's metrics with some figures changed: the sessions of a learner's history. */
export function metricsWith(overrides: Partial<SessionMetrics>): SessionMetrics {
  return { ...realMeeting().metrics, ...overrides };
}

/** A sound's figures in one session. */
export function sound(
  phone: string,
  ipa: string,
  respelled: string,
  figures: { averageScore: number; count: number; challengingCount: number; exampleWords?: string[] },
): SessionPhonemeMetric {
  return { phone, ipa, respelled, exampleWords: [], ...figures };
}

export const TH = (averageScore: number, exampleWords: string[], count = 20, challengingCount = 8) =>
  sound('TH', 'θ', '"th" as in "think"', { averageScore, count, challengingCount, exampleWords });
export const S = (averageScore: number, count = 40) =>
  sound('S', 's', '"s" as in "sun"', { averageScore, count, challengingCount: averageScore > 80 ? 1 : 10 });

/** A word's figures in one session. */
export function word(normalised: string, averageScore: number, count = 1): SessionWordMetric {
  return { word: normalised, normalised, count, averageScore, challenging: averageScore <= 80 };
}

/** An analysed session on a given day (UTC noon). */
export function session(
  id: string,
  day: string,
  metrics: SessionMetrics,
): { id: string; startedAt: Date; durationSeconds: number; metrics: SessionMetrics } {
  return { id, startedAt: new Date(`${day}T12:00:00Z`), durationSeconds: metrics.durationSeconds, metrics };
}
