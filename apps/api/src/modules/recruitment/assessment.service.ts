import { Readable } from 'node:stream';
import {
  type AccessTokenClaims,
  type activityRequestSchema,
  type CandidateTest,
  type FormActivityResponse,
  type formActivityMetaSchema,
  RECRUITMENT_TEXTS as T,
  TEST_LEVELS,
  TEST_RULES,
} from '@agaton/contracts';
import { challengeActivities } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import { SCORING_TEXTS, type ScoringRuntime, scoreFreeSpeech, scoreReading } from '../scoring/index.ts';
import { freeSpeechAnswer, readingAnswer } from './activity-answers.ts';
import { decideActivity } from './activity-rules.ts';
import {
  type Applied,
  activityByKey,
  activityRows,
  applyActivity,
  assertOpen,
  candidateChallenge,
  storedTest,
} from './assessment-store.ts';
import { candidateTest } from './candidate-view.ts';
import type { DrawnTest } from './test-draw.ts';
import { computeState, toAssessmentStatus } from './test-engine.ts';
import { recordingContentType } from './test-recording.ts';

/**
 * The candidate's side of the English test: resuming it, answering questions and recording
 * readings and the free answer. Each call re-checks the challenge behind the candidate token.
 */

/** Recordings may run this far past the 30 s limit (the recorder stops a little late). */
const RECORDING_SLACK_SEC = 0.5;

type FormMeta = z.output<typeof formActivityMetaSchema>;

const statusOf = (applied: Pick<Applied, 'state' | 'completedAt'>, now: Date) =>
  toAssessmentStatus(applied.state, { completedAt: applied.completedAt, now });

/**
 * The test as the candidate resumes it (GET /api/assessment, and the sign-in's answer). A part whose
 * clock ran out while nobody was there is closed first.
 */
export async function resumeTest(options: {
  ctx: AppContext;
  claims: AccessTokenClaims;
  now?: Date;
}): Promise<CandidateTest> {
  const { ctx } = options;
  const now = options.now ?? new Date();
  const { challenge, candidate, org } = await candidateChallenge(ctx, options.claims);
  assertOpen(challenge, now);
  const test = storedTest(challenge);
  let applied: Pick<Applied, 'state' | 'completedAt'> = {
    state: computeState(test, await activityRows(ctx.db, challenge.id), now),
    completedAt: challenge.completedAt,
  };
  if (applied.state.overdue) applied = await applyActivity(ctx, { challengeId: challenge.id, test, now });
  return candidateTest({
    challenge: { ...challenge, completedAt: applied.completedAt },
    candidate,
    org,
    test,
    status: statusOf(applied, now),
    secret: ctx.config.JWT_SECRET,
    now,
  });
}

/**
 * The challenge behind a token, open, or finished when the request repeats a key stored before (so
 * a retried last answer still gets its status).
 */
async function openChallenge(ctx: AppContext, claims: AccessTokenClaims, key: string, now: Date) {
  const { challenge } = await candidateChallenge(ctx, claims);
  const prior = await activityByKey(ctx.db, challenge.id, key);
  if (!prior) assertOpen(challenge, now);
  return { challenge, test: storedTest(challenge), prior };
}

/** The status after an activity already stored under the same key: the current state, nothing new. */
async function replay(
  ctx: AppContext,
  challenge: { id: string; completedAt: Date | null },
  test: DrawnTest,
  now: Date,
) {
  const state = computeState(test, await activityRows(ctx.db, challenge.id), now);
  return toAssessmentStatus(state, { completedAt: challenge.completedAt, now });
}

/** POST /api/assessment/activity: start a part, close it (timeout) or answer a multiple-choice item. */
export async function submitActivity(options: {
  ctx: AppContext;
  claims: AccessTokenClaims;
  request: z.output<typeof activityRequestSchema>;
}) {
  const { ctx, request } = options;
  const now = new Date();
  const { context } = request;
  const { challenge, test, prior } = await openChallenge(ctx, options.claims, context.idempotencyKey, now);
  if (prior) return { assessmentStatus: await replay(ctx, challenge, test, now) };
  let measured: { score: number; answer: Record<string, unknown> } | undefined;
  if (request.type === 'answer-comprehension-question') {
    const answerIndex = request.data.answerIndex;
    if (answerIndex === undefined) {
      throw new AppError('VALIDATION', undefined, {
        details: [{ path: 'data.answerIndex', message: 'Choose one of the options' }],
      });
    }
    const question = choiceQuestion(test, context.part, context.itemId);
    if (question) {
      const correct = answerIndex === question.answerIndex;
      measured = { score: correct ? 100 : 0, answer: { kind: 'choice', answerIndex, correct } };
    }
  }
  const applied = await applyActivity(ctx, {
    challengeId: challenge.id,
    test,
    now,
    activity: { ...context, type: request.type, idempotencyKey: context.idempotencyKey },
    measured,
  });
  return { assessmentStatus: statusOf(applied, now) };
}

/** The multiple-choice question of a part by id (any level); the rules check it is the current one. */
function choiceQuestion(test: DrawnTest, part: string, itemId: string | undefined) {
  if (part !== 'Listening' && part !== 'ReadingComprehension') return undefined;
  const questions = TEST_LEVELS.flatMap((level): { id: string; answerIndex: number }[] =>
    part === 'Listening' ? test.levels[level].listening : test.levels[level].readingComprehension,
  );
  return questions.find((q) => q.id === itemId);
}

/** The text a recording is scored against: the sentence read, or the topic answered. */
function spokenItem(test: DrawnTest, meta: FormMeta) {
  const itemId = meta.context.itemId;
  if (meta.type === 'read-phrase') {
    return TEST_LEVELS.flatMap((level) => test.levels[level].reading).find((s) => s.id === itemId)?.text;
  }
  return TEST_LEVELS.map((level) => test.levels[level].freeSpeech).find((t) => t.id === itemId)?.text;
}

/**
 * POST /api/assessment/form/activity: a reading of the current sentence or the free answer. The
 * rules are checked before the audio is scored (a refused answer costs no analysis) and again under
 * the lock after; engine refusals (422, 413, 415, 503) store nothing, so the same item can be retried.
 */
export async function submitRecording(options: {
  ctx: AppContext;
  scoring: ScoringRuntime;
  store: ObjectStore | null;
  claims: AccessTokenClaims;
  meta: FormMeta;
  audio: Uint8Array;
}): Promise<FormActivityResponse> {
  const { ctx, meta, scoring } = options;
  const now = new Date();
  const { context } = meta;
  const { challenge, test, prior } = await openChallenge(ctx, options.claims, context.idempotencyKey, now);
  if (prior) {
    const readingScore = prior.type === 'read-phrase' ? (prior.score ?? null) : null;
    return { assessmentStatus: await replay(ctx, challenge, test, now), responseData: { readingScore } };
  }
  const durationMs = meta.data.durationMs;
  if (durationMs !== undefined && durationMs < TEST_RULES.minRecordingMs) {
    throw new AppError('UNPROCESSABLE', SCORING_TEXTS.tooShort(TEST_RULES.minRecordingMs / 1000));
  }
  const activity = { ...context, type: meta.type, idempotencyKey: context.idempotencyKey };
  const before = decideActivity(computeState(test, await activityRows(ctx.db, challenge.id), now), activity);
  let measured: { score: number; answer: Record<string, unknown> } | undefined;
  // The worker takes the bytes it scores; keep a copy for the object store.
  const recording = options.store ? Buffer.from(options.audio) : null;
  if (before.kind === 'record') {
    const text = spokenItem(test, meta);
    if (!text) throw new AppError('CONFLICT', T.notCurrentItem);
    const maxSec = TEST_RULES.maxRecordingSeconds + RECORDING_SLACK_SEC;
    if (meta.type === 'read-phrase') {
      const response = await scoreReading({
        pool: scoring.pool,
        audio: options.audio,
        targetPhrase: text,
        timeoutMs: scoring.timeoutsMs.reading,
        maxSec,
      });
      measured = { score: response.assessment.overall_score, answer: readingAnswer(response) };
    } else {
      const response = await scoreFreeSpeech({
        pool: scoring.pool,
        audio: options.audio,
        question: text,
        includeNarrative: false,
        timeoutMs: scoring.timeoutsMs['free-speech'],
        maxSec,
      });
      measured = { score: response.assessment.overall_score, answer: freeSpeechAnswer(response) };
    }
  }
  const applied = await applyActivity(ctx, { challengeId: challenge.id, test, now, activity, measured });
  if (applied.counted && applied.row && options.store && recording) {
    const key = `challenges/${challenge.id}/${applied.row.itemId}`;
    await keepRecording(ctx, options.store, applied.row.id, key, recording);
  }
  const readingScore = applied.counted && meta.type === 'read-phrase' ? (measured?.score ?? null) : null;
  return { assessmentStatus: statusOf(applied, now), responseData: { readingScore } };
}

/** Keeps a counted answer's recording; a storage failure is logged, the answer still counts. */
async function keepRecording(
  ctx: AppContext,
  store: ObjectStore,
  activityId: string,
  key: string,
  recording: Buffer,
) {
  try {
    // Labelled by what the bytes are, not by what the browser said.
    await store.put(key, Readable.from([recording]), {
      contentType: recordingContentType(recording),
      maxBytes: recording.byteLength + 1,
    });
    await ctx.db
      .update(challengeActivities)
      .set({ recordingKey: key })
      .where(eq(challengeActivities.id, activityId));
  } catch (error) {
    ctx.log.error({ err: error, key }, 'could not keep an English test recording');
  }
}
