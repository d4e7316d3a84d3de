import {
  type AssessmentStatus,
  type CandidateContent,
  type CandidateTest,
  TEST_LEVELS,
} from '@agaton/contracts';
import type { candidates, challenges, organisations } from '@agaton/db';
import { listeningAudioUrl } from './listening-audio.ts';
import type { DrawnTest } from './test-draw.ts';

/**
 * The drawn test as the candidate receives it: no answer indexes, and listening questions as signed
 * audio links instead of the text the server speaks.
 */
export function candidateContent(
  test: DrawnTest,
  options: { secret: string; challengeId: string; now: Date },
): CandidateContent {
  const levels = {} as CandidateContent['levels'];
  for (const level of TEST_LEVELS) {
    const l = test.levels[level];
    levels[level] = {
      reading: { sentences: l.reading.map(({ id, text }) => ({ id, text })) },
      listening: {
        questions: l.listening.map(({ id, text, options: choices }) => ({
          id,
          text,
          options: choices,
          audioUrl: listeningAudioUrl({ ...options, itemId: id }),
        })),
      },
      readingComprehension: {
        questions: l.readingComprehension.map(({ id, text, options: choices, readingText }) => ({
          id,
          text,
          options: choices,
          readingText,
        })),
      },
      freeSpeech: { topics: [{ id: l.freeSpeech.id, text: l.freeSpeech.text }] },
    };
  }
  return { position: test.position, timeLimitsSeconds: test.timeLimitsSeconds, levels };
}

/** The candidate's test (candidateTestSchema): the challenge, the content, the organisation, the status. */
export function candidateTest(options: {
  challenge: typeof challenges.$inferSelect;
  candidate: typeof candidates.$inferSelect;
  org: typeof organisations.$inferSelect;
  test: DrawnTest;
  status: AssessmentStatus;
  secret: string;
  now: Date;
}): CandidateTest {
  const { challenge, candidate, org, now } = options;
  return {
    challenge: {
      id: challenge.id,
      createTime: challenge.createdAt.toISOString(),
      completedAt: challenge.completedAt?.toISOString() ?? null,
      code: challenge.code,
      isExpired: !!challenge.expiresAt && challenge.expiresAt.getTime() <= now.getTime(),
      candidateName: candidate.name,
      candidateEmail: candidate.email,
    },
    content: candidateContent(options.test, { secret: options.secret, challengeId: challenge.id, now }),
    organization: { id: org.id, name: org.name },
    assessmentStatus: options.status,
  };
}
