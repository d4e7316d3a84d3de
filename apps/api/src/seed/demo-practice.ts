import { readFileSync } from 'node:fs';
import {
  type PositionContent,
  type PracticeAttemptMeta,
  TEST_LEVELS,
  type TestContent,
  type TestLevel,
} from '@agaton/contracts';
import { admins, candidates, DEMO_ACCOUNTS, practiceAttempts, teams, users } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../lib/app-error.ts';
import type { AppContext } from '../lib/context.ts';
import type { OrgActor } from '../lib/policy.ts';
import { createCoachUser } from '../modules/auth/index.ts';
import {
  createCandidate,
  getTestContent,
  replaceTestContent,
  signInvitationToken,
} from '../modules/recruitment/index.ts';
import type { ScoringRuntime } from '../modules/scoring/index.ts';
import { acceptInvitation, recordPracticeAttempt } from '../modules/training/index.ts';

/** The demo organisation's practice topic: the sentences the committed recordings read. */
export const DEMO_PRACTICE_TOPIC = 'Everyday English';

/** The demo trainees, each reading with the recordings of one speechocean762 speaker. */
export const DEMO_TRAINEES = [
  { name: 'Taylor Trainee', email: 'taylor@agaton.local', team: 'Sales', speaker: '2022' },
  { name: 'Casey Learner', email: 'casey@agaton.local', team: 'Sales', speaker: '1309' },
  { name: 'Drew Student', email: 'drew@agaton.local', team: 'Support', speaker: '9606' },
] as const;

interface DemoPracticeRecording {
  file: string;
  id: string;
  speaker: string;
  text: string;
}

const folder = new URL('./demo-practice-recordings/', import.meta.url);

export function demoPracticeRecordings(): DemoPracticeRecording[] {
  return JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8')) as DemoPracticeRecording[];
}

/** Shorter sentences are the beginner level: up to 5 words LOW, up to 7 MEDIUM, longer ADVANCED. */
export function levelOf(text: string): TestLevel {
  const words = text.split(/\s+/).filter(Boolean).length;
  return words <= 5 ? 'LOW' : words <= 7 ? 'MEDIUM' : 'ADVANCED';
}

/**
 * The demo topic, built on the first position of the organisation's content (its listening,
 * comprehension and free-speech items) with the recordings' sentences as the reading pools.
 */
function demoPosition(content: TestContent): PositionContent {
  const template = content.positions[0];
  const recordings = demoPracticeRecordings();
  const levels = { ...template.levels };
  for (const level of TEST_LEVELS) {
    const sentences = recordings
      .filter((r) => levelOf(r.text) === level)
      .map((r) => ({ id: `demo-${r.id}`, text: r.text }));
    const reading = { ask: Math.min(template.levels[level].reading.ask, sentences.length), sentences };
    levels[level] = { ...template.levels[level], reading };
  }
  return { position: DEMO_PRACTICE_TOPIC, levels };
}

const SEED_TIMEOUT_MS = 120_000;

/** A busy or slow engine at start-up is asked again a few times before the seed gives up. */
async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      const transient = error instanceof AppError && (error.code === 'BUSY' || error.code === 'TIMEOUT');
      if (!transient || i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000 * i));
    }
  }
}

/** When a seeded attempt was made: spread over this week and the last, never in the future. */
function attemptTime(now: Date, trainee: number, attempt: number): Date {
  const daysAgo = [0, 1, 2, 5, 7, 9][(attempt + trainee) % 6];
  const hours = 1 + ((trainee * 3 + attempt * 2) % 7);
  return new Date(now.getTime() - daysAgo * 24 * 3600_000 - hours * 3600_000);
}

/**
 * Adds the demo topic to the demo organisation's content when it is missing; answers the demo owner as
 * an actor, or null without a demo organisation. Quick: the app awaits it at start, before any journey
 * or seed reads the content, so the content is the same from the first request on.
 */
export async function ensureDemoPracticeTopic(ctx: AppContext): Promise<OrgActor | null> {
  const [owner] = await ctx.db
    .select({ id: admins.id, orgId: admins.orgId })
    .from(admins)
    .where(eq(admins.email, DEMO_ACCOUNTS.admin));
  if (!owner) return null;
  const actor: OrgActor = { adminId: owner.id, orgId: owner.orgId, role: 'OWNER', teamScope: null };
  const content = await getTestContent(ctx.db, owner.orgId);
  if (!content.positions.some((p) => p.position === DEMO_PRACTICE_TOPIC)) {
    await replaceTestContent(ctx, {
      actor,
      content: { ...content, positions: [...content.positions, demoPosition(content)] },
    });
  }
  return actor;
}

/**
 * The demo organisation's trainees (docs/decisions/018): each has a coach account (the demo password, DEMO_PASSWORD),
 * accepted an invitation and read the demo topic's sentences, scored by the real engine through
 * `recordPracticeAttempt` from real learners' recordings, spread over this week and the last. Runs once
 * per recording (what is already stored is left alone); the topic is added to the content once.
 * Study time: a seeded attempt counts its recording only (no browsing time is invented).
 */
export async function seedDemoPractice(
  ctx: AppContext,
  deps: { scoring: Pick<ScoringRuntime, 'pool' | 'timeoutsMs'>; now?: Date },
): Promise<number> {
  const actor = await ensureDemoPracticeTopic(ctx);
  if (!actor) return 0;
  const now = deps.now ?? new Date();
  // Nobody waits for the seed: it may take its time on a machine busy with other work.
  const scoring = {
    pool: deps.scoring.pool,
    timeoutsMs: {
      ...deps.scoring.timeoutsMs,
      reading: Math.max(deps.scoring.timeoutsMs.reading, SEED_TIMEOUT_MS),
    },
  };
  const recordings = demoPracticeRecordings();
  let recorded = 0;
  for (const [t, trainee] of DEMO_TRAINEES.entries()) {
    const userId = await acceptedDemoTrainee(ctx, actor, trainee);
    const own = recordings.filter((r) => r.speaker === trainee.speaker);
    for (const [a, recording] of own.entries()) {
      const [{ done }] = await ctx.db
        .select({ done: count() })
        .from(practiceAttempts)
        .where(and(eq(practiceAttempts.userId, userId), eq(practiceAttempts.itemId, `demo-${recording.id}`)));
      if (done > 0) continue;
      const meta: PracticeAttemptMeta = {
        topic: DEMO_PRACTICE_TOPIC,
        level: levelOf(recording.text),
        kind: 'reading',
        itemId: `demo-${recording.id}`,
        studySeconds: 0,
      };
      const audio = new Uint8Array(readFileSync(new URL(recording.file, folder)));
      await withRetries(() =>
        recordPracticeAttempt(ctx, {
          scoring,
          userId,
          meta,
          audio: audio.slice(),
          now: attemptTime(now, t, a),
        }),
      );
      recorded++;
    }
  }
  return recorded;
}

/** The trainee's coach account and accepted invitation, made through the product's own services. */
async function acceptedDemoTrainee(
  ctx: AppContext,
  actor: OrgActor,
  trainee: (typeof DEMO_TRAINEES)[number],
): Promise<string> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, trainee.email));
  const user =
    existing ??
    (await createCoachUser(ctx, {
      email: trainee.email,
      password: ctx.config.DEMO_PASSWORD,
      firstName: trainee.name.split(' ')[0],
      // Seeded accounts are created verified, like the other demo accounts.
      emailVerified: true,
    }));
  let [candidate] = await ctx.db
    .select({ id: candidates.id, traineeStatus: candidates.traineeStatus })
    .from(candidates)
    .where(and(eq(candidates.orgId, actor.orgId), eq(candidates.email, trainee.email)));
  if (!candidate) {
    const [team] = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.orgId, actor.orgId), eq(teams.name, trainee.team)));
    const created = await createCandidate(ctx, {
      actor,
      input: {
        name: trainee.name,
        email: trainee.email,
        department: team?.id,
        level: 'Intermediate',
        isRecruit: false,
        isTrainee: true,
      },
    });
    candidate = { id: created.identityId, traineeStatus: 'InvitePending' };
  }
  if (candidate.traineeStatus !== 'Training') {
    const token = signInvitationToken({
      secret: ctx.config.JWT_SECRET,
      candidateId: candidate.id,
      now: new Date(),
    });
    await acceptInvitation(ctx, { token, userId: user.id });
  }
  return user.id;
}
