import {
  type DemoReadingResponse,
  type FreeSpeechResponse,
  type PracticeAttemptMeta,
  type PracticeAttemptResponse,
  type PracticeAttemptsPage,
  type PracticeCatalog,
  type PracticeWord,
  practiceItemKey,
  TEST_LEVELS,
  type TestContent,
  TRAINING_RULES,
  trainingTexts,
  type WordScore,
} from '@agaton/contracts';
import { candidates, organisations, practiceAttempts } from '@agaton/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { getTestContent } from '../recruitment/index.ts';
import { SCORING_TEXTS, type ScoringRuntime, scoreFreeSpeech, scoreReading } from '../scoring/index.ts';

/** A browser's recording may run a little past the 30 s its recorder stops at (container framing). */
const RECORDING_SLACK_SEC = 0.5;

/** The organisation a coach practises in: their trainee row (status Training). */
export interface Trainee {
  candidateId: string;
  orgId: string;
  organizationName: string;
}

/**
 * The trainee row of a coach. A coach invited by several organisations practises in the one whose
 * invitation they accepted last (decision 018). 403 with the locked text when they train nowhere.
 */
export async function traineeOf(ctx: AppContext, userId: string): Promise<Trainee> {
  const [row] = await ctx.db
    .select({ candidateId: candidates.id, orgId: candidates.orgId, organizationName: organisations.name })
    .from(candidates)
    .innerJoin(organisations, eq(organisations.id, candidates.orgId))
    .where(and(eq(candidates.userId, userId), eq(candidates.traineeStatus, 'Training')))
    .orderBy(sql`${candidates.trainingAcceptedAt} desc nulls last`, desc(candidates.createdAt))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', trainingTexts.practiceLocked);
  return row;
}

type Exercise = { kind: 'reading' | 'free-speech'; topic: string; prompt: string };

/** The exercise a meta names in the organisation's content, or 404. Topics match like Send test's. */
export function findExercise(content: TestContent, meta: PracticeAttemptMeta): Exercise {
  const wanted = meta.topic.trim().toLowerCase();
  const position = content.positions.find((p) => p.position.trim().toLowerCase() === wanted);
  const level = position?.levels[meta.level];
  const item =
    meta.kind === 'reading'
      ? level?.reading.sentences.find((s) => s.id === meta.itemId)
      : level?.freeSpeech.topics.find((t) => t.id === meta.itemId);
  if (!item) throw new AppError('NOT_FOUND', trainingTexts.unknownExercise);
  if (!position) throw new AppError('NOT_FOUND', trainingTexts.unknownExercise);
  return { kind: meta.kind, topic: position.position, prompt: item.text };
}

/** GET /practice: the organisation's exercises (never an answer) and the trainee's progress there. */
export async function getPracticeCatalog(
  ctx: AppContext,
  options: { userId: string },
): Promise<PracticeCatalog> {
  const trainee = await traineeOf(ctx, options.userId);
  const content = await getTestContent(ctx.db, trainee.orgId);
  const topics = content.positions.map((p) => ({
    topic: p.position,
    levels: Object.fromEntries(
      TEST_LEVELS.map((level) => [
        level,
        {
          reading: p.levels[level].reading.sentences.map((s) => ({ id: s.id, text: s.text })),
          freeSpeech: p.levels[level].freeSpeech.topics.map((t) => ({ id: t.id, question: t.text })),
        },
      ]),
    ) as PracticeCatalog['topics'][number]['levels'],
  }));
  const where = and(eq(practiceAttempts.userId, options.userId), eq(practiceAttempts.orgId, trainee.orgId));
  const rows = await ctx.db
    .select({
      topic: practiceAttempts.topic,
      itemId: practiceAttempts.itemId,
      best: sql<number>`max(${practiceAttempts.overallScore})`,
      attempts: count(),
      studySeconds: sql<number>`sum(${practiceAttempts.studySeconds})`,
    })
    .from(practiceAttempts)
    .where(where)
    .groupBy(practiceAttempts.topic, practiceAttempts.kind, practiceAttempts.level, practiceAttempts.itemId);
  const best: Record<string, number> = {};
  for (const r of rows) {
    const key = practiceItemKey(r.topic, r.itemId);
    best[key] = Math.max(best[key] ?? 0, Number(r.best));
  }
  const seconds = rows.reduce((sum, r) => sum + Number(r.studySeconds), 0);
  return {
    organizationName: trainee.organizationName,
    topics,
    progress: {
      // A lesson is one exercise scored at least once (decision 018).
      lessonsCompleted: rows.length,
      studyMinutes: Math.round((seconds / 60) * 10) / 10,
      attempts: rows.reduce((sum, r) => sum + Number(r.attempts), 0),
      best,
    },
  };
}

/** Words kept for challenging words and sounds: the ones said and scored (not omitted, unsure or masked). */
function scoredWords(words: WordScore[]): PracticeWord[] {
  return words
    .filter((w) => w.status !== 'omitted' && !w.uncertain && !w.masked)
    .map((w) => ({
      word: w.word_normalised || w.word.toLowerCase(),
      score: w.score,
      phonemes: w.phonemes.map((p) => ({ ipa: p.ipa, score: p.score })),
    }));
}

/**
 * Scores one practice recording through the same engine services as the demo and the English test,
 * and stores the attempt with the figures the training insights read. The seed calls it too (with
 * `now` in the past). Engine refusals (too short, silent, too long, busy) store nothing.
 */
export async function recordPracticeAttempt(
  ctx: AppContext,
  options: {
    scoring: Pick<ScoringRuntime, 'pool' | 'timeoutsMs'>;
    userId: string;
    meta: PracticeAttemptMeta;
    audio: Uint8Array;
    /** When the attempt was made; now by default (the seed spreads attempts over past days). */
    now?: Date;
  },
): Promise<PracticeAttemptResponse> {
  const { meta, scoring } = options;
  const trainee = await traineeOf(ctx, options.userId);
  const exercise = findExercise(await getTestContent(ctx.db, trainee.orgId), meta);
  if (meta.durationMs !== undefined && meta.durationMs < TRAINING_RULES.minRecordingMs) {
    throw new AppError('UNPROCESSABLE', SCORING_TEXTS.tooShort(TRAINING_RULES.minRecordingMs / 1000));
  }
  const maxSec = TRAINING_RULES.maxRecordingSeconds + RECORDING_SLACK_SEC;
  let audioSeconds = 0;
  const onDuration = (seconds: number) => {
    audioSeconds = seconds;
  };
  let score: DemoReadingResponse | FreeSpeechResponse;
  let transcript: string;
  if (exercise.kind === 'reading') {
    score = await scoreReading({
      pool: scoring.pool,
      audio: options.audio,
      targetPhrase: exercise.prompt,
      timeoutMs: scoring.timeoutsMs.reading,
      maxSec,
      onDuration,
    });
    transcript = score.word_scores
      .filter((w) => w.status !== 'omitted')
      .map((w) => w.word)
      .join(' ');
  } else {
    const answer = await scoreFreeSpeech({
      pool: scoring.pool,
      audio: options.audio,
      question: exercise.prompt,
      includeNarrative: true,
      timeoutMs: scoring.timeoutsMs['free-speech'],
      maxSec,
      onDuration,
    });
    score = answer;
    transcript = answer.transcript;
  }
  const a = score.assessment;
  const [row] = await ctx.db
    .insert(practiceAttempts)
    .values({
      userId: options.userId,
      orgId: trainee.orgId,
      candidateId: trainee.candidateId,
      kind: exercise.kind,
      topic: exercise.topic,
      level: meta.level,
      itemId: meta.itemId,
      prompt: exercise.prompt,
      overallScore: a.overall_score,
      pronunciation: a.pronunciation.score,
      fluency: a.fluency.score,
      contentScore: a.content?.score ?? null,
      wordsPerMinute: a.fluency.speech_rate_experimental,
      wordsSaid: score.word_scores.filter((w) => w.status !== 'omitted').length,
      pauses: a.fluency_stats.num_pauses,
      hesitations: a.fluency_stats.num_hesitations,
      silences: a.fluency_stats.num_silences,
      audioSeconds,
      // At least the recording, at most the per-exercise cap (decision 018).
      studySeconds: Math.min(
        Math.max(meta.studySeconds, audioSeconds),
        TRAINING_RULES.maxStudySecondsPerAttempt,
      ),
      words: scoredWords(score.word_scores),
      transcript,
      response: score as unknown as Record<string, unknown>,
      createdAt: options.now ?? new Date(),
    })
    .returning({ id: practiceAttempts.id });
  return exercise.kind === 'reading'
    ? { kind: 'reading', attemptId: row.id, score: score as DemoReadingResponse }
    : { kind: 'free-speech', attemptId: row.id, score: score as FreeSpeechResponse };
}

/** GET /practice/attempts: the trainee's attempts in their organisation, newest first. */
export async function listPracticeAttempts(
  ctx: AppContext,
  options: { userId: string; page: number; pageSize: number },
): Promise<PracticeAttemptsPage> {
  const trainee = await traineeOf(ctx, options.userId);
  const where = and(eq(practiceAttempts.userId, options.userId), eq(practiceAttempts.orgId, trainee.orgId));
  const [{ total }] = await ctx.db.select({ total: count() }).from(practiceAttempts).where(where);
  const rows = await ctx.db
    .select()
    .from(practiceAttempts)
    .where(where)
    .orderBy(desc(practiceAttempts.createdAt))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      topic: r.topic,
      level: r.level,
      itemId: r.itemId,
      prompt: r.prompt,
      overallScore: r.overallScore,
      studySeconds: r.studySeconds,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
