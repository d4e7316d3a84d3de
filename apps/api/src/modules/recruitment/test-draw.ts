import { randomInt } from 'node:crypto';
import {
  comprehensionQuestionSchema,
  freeSpeechTopicSchema,
  listeningQuestionSchema,
  type PositionContent,
  readingSentenceSchema,
  TEST_LEVELS,
  type TestContent,
  type TestLevel,
  timeLimitsSchema,
} from '@agaton/contracts';
import { z } from 'zod';

const drawnLevelSchema = z.object({
  reading: z.array(readingSentenceSchema),
  /** Empty when the server had no text-to-speech at the draw: the listening part is then skipped. */
  listening: z.array(listeningQuestionSchema),
  readingComprehension: z.array(comprehensionQuestionSchema),
  /** The one topic of this level; the test asks the topic of the level reached in Reading. */
  freeSpeech: freeSpeechTopicSchema,
});

/**
 * The test drawn for one challenge at the candidate's first sign-in (`challenges.test`), answers
 * included: items in the order they are asked, per level. Never sent to the candidate as it is.
 */
export const drawnTestSchema = z.object({
  position: z.string(),
  timeLimitsSeconds: timeLimitsSchema,
  levels: z.object({ LOW: drawnLevelSchema, MEDIUM: drawnLevelSchema, ADVANCED: drawnLevelSchema }),
});
export type DrawnTest = z.infer<typeof drawnTestSchema>;
export type DrawnLevel = DrawnTest['levels'][TestLevel];

/** The content a challenge is drawn from: what was copied at sending, or the organisation's now. */
export interface ChallengeContent {
  timeLimitsSeconds: TestContent['timeLimitsSeconds'];
  position: PositionContent;
}

/** Picks `count` items at random without replacement, keeping no trace of the pool's order. */
export function sample<T>(
  pool: readonly T[],
  count: number,
  random: (max: number) => number = randomInt,
): T[] {
  const items = [...pool];
  const n = Math.min(count, items.length);
  // Partial Fisher–Yates: the first n slots end up a uniform draw without replacement.
  for (let i = 0; i < n; i++) {
    const j = i + random(items.length - i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items.slice(0, n);
}

/**
 * The content of a challenge that was sent without one (seeded or older challenges): the
 * organisation's current content (or the product's default) for the challenge's position, matched
 * without regard to case, else the first position.
 */
export function contentForPosition(content: TestContent, position: string | null): ChallengeContent {
  const wanted = position?.trim().toLowerCase();
  const match = content.positions.find((p) => p.position.toLowerCase() === wanted) ?? content.positions[0];
  return { timeLimitsSeconds: content.timeLimitsSeconds, position: match };
}

/**
 * Draws a test from a position's content: per level, `ask` items of each pool at random without
 * replacement (Node's crypto randomness), and one free-speech topic. With `listening` false (no
 * text-to-speech on this server) no listening question is drawn, so that part is skipped.
 */
export function drawTest(options: {
  content: ChallengeContent;
  /** The server can speak listening questions (TTS on). */
  listening: boolean;
  /** Uniform integer in [0, max); crypto.randomInt unless a test fixes it. */
  random?: (max: number) => number;
}): DrawnTest {
  const { content, random = randomInt } = options;
  const levels = {} as DrawnTest['levels'];
  for (const level of TEST_LEVELS) {
    const pools = content.position.levels[level];
    levels[level] = {
      reading: sample(pools.reading.sentences, pools.reading.ask, random),
      listening: options.listening ? sample(pools.listening.questions, pools.listening.ask, random) : [],
      readingComprehension: sample(
        pools.readingComprehension.questions,
        pools.readingComprehension.ask,
        random,
      ),
      freeSpeech: sample(pools.freeSpeech.topics, 1, random)[0],
    };
  }
  return { position: content.position.position, timeLimitsSeconds: content.timeLimitsSeconds, levels };
}
