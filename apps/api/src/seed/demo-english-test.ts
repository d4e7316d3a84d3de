import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AccessTokenClaims, AssessmentStatus, TestLevel } from '@agaton/contracts';
import { admins, candidates, challenges, DEMO_ACCOUNTS, organisations, teams } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import type { OrgActor } from '../lib/policy.ts';
import {
  type ChallengeContent,
  createCandidate,
  type DrawnTest,
  signInCandidate,
  storedTest,
  submitActivity,
  submitRecording,
} from '../modules/recruitment/index.ts';
import type { ScoringRuntime } from '../modules/scoring/index.ts';
import type { ObjectStore } from '../providers/storage/object-store.ts';

/** The demo candidate whose finished test the English Test page shows from the first start. */
export const DEMO_TESTED_CANDIDATE = {
  name: 'Dana Whitfield',
  email: 'dana@agaton.local',
  position: 'Sales representative',
} as const;

interface DemoTestRecording {
  file: string;
  id: string;
  speaker: string;
  text: string;
}

const folder = new URL('./demo-test-recordings/', import.meta.url);
const LEVELS: TestLevel[] = ['LOW', 'MEDIUM', 'ADVANCED'];
/** Every part of a test has at most this many items; the loop below never runs longer. */
const MAX_STEPS = 100;

/**
 * Gives the demo organisation a candidate who took the English test, through the product's own
 * services: the admin adds them with the Sales test (one test used, invitation in the outbox), the
 * candidate signs in, reads six sentences — real recordings of a speechocean762 learner, scored by the
 * engine as any upload is — answers the listening and reading questions and runs out of time on the
 * free answer. The multiple-choice choices are the only thing simulated: right except the first
 * question of each ADVANCED level. The test was sent with the recordings' sentences as its reading
 * items (a test keeps the content it was sent with). Runs once, when the candidate does not exist.
 */
export async function seedDemoEnglishTest(
  ctx: AppContext,
  deps: { scoring: ScoringRuntime; store: ObjectStore | null },
): Promise<boolean> {
  const [owner] = await ctx.db
    .select({ id: admins.id, orgId: admins.orgId })
    .from(admins)
    .where(eq(admins.email, DEMO_ACCOUNTS.admin));
  if (!owner) return false;
  const [existing] = await ctx.db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.orgId, owner.orgId), eq(candidates.email, DEMO_TESTED_CANDIDATE.email)));
  if (existing) return false;
  const [sales] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.orgId, owner.orgId), eq(teams.name, 'Sales')));

  const actor: OrgActor = { adminId: owner.id, orgId: owner.orgId, role: 'OWNER', teamScope: null };
  const candidate = await createCandidate(ctx, {
    actor,
    input: {
      ...DEMO_TESTED_CANDIDATE,
      level: 'Intermediate',
      department: sales?.id,
      isRecruit: true,
      isTrainee: false,
    },
  });
  const [challenge] = await ctx.db
    .select()
    .from(challenges)
    .where(eq(challenges.candidateId, candidate.identityId));
  if (!challenge?.content) throw new Error('the demo candidate was not sent a test');
  await ctx.db
    .update(challenges)
    .set({ content: withRecordedSentences(challenge.content) })
    .where(eq(challenges.id, challenge.id));

  const answer = await signInCandidate({
    ctx,
    username: DEMO_TESTED_CANDIDATE.email,
    password: challenge.code,
    listening: deps.scoring.tts !== null,
  });
  const [org] = await ctx.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, owner.orgId));
  const claims: AccessTokenClaims = {
    sub: candidate.identityId,
    kind: 'candidate',
    realm: 'whiskey',
    orgId: org.id,
    challengeId: challenge.id,
  };
  const [drawn] = await ctx.db.select().from(challenges).where(eq(challenges.id, challenge.id));
  await takeTest(ctx, deps, { claims, test: storedTest(drawn), status: answer.assessmentStatus });
  return true;
}

/** The recordings' sentences as the reading pools, two per level, shortest first. */
function withRecordedSentences(content: ChallengeContent): ChallengeContent {
  const recordings = manifest();
  const levels = { ...content.position.levels };
  LEVELS.forEach((level, i) => {
    const sentences = recordings.slice(i * 2, i * 2 + 2).map((r) => ({ id: `demo-${r.id}`, text: r.text }));
    levels[level] = { ...levels[level], reading: { ask: sentences.length, sentences } };
  });
  return { ...content, position: { ...content.position, levels } };
}

function manifest(): DemoTestRecording[] {
  return JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8')) as DemoTestRecording[];
}

/** Answers whatever the test asks next until it is finished. */
async function takeTest(
  ctx: AppContext,
  deps: { scoring: ScoringRuntime; store: ObjectStore | null },
  options: { claims: AccessTokenClaims; test: DrawnTest; status: AssessmentStatus },
) {
  const { claims, test } = options;
  const recordings = new Map(manifest().map((r) => [`demo-${r.id}`, r]));
  let status = options.status;
  for (let step = 0; step < MAX_STEPS && !status.isFinished; step++) {
    const part = status.parts.find((p) => p.part === status.currentPart);
    if (!part) break;
    const context = { part: part.part, idempotencyKey: `demo-${randomUUID()}` };
    if (part.state === 'not-started') {
      status = (await submitActivity({ ctx, claims, request: { type: 'start-part', context, data: {} } }))
        .assessmentStatus;
    } else if (part.part === 'Reading' && part.itemId) {
      const recording = recordings.get(part.itemId);
      if (!recording) throw new Error(`no demo recording for ${part.itemId}`);
      const audio = new Uint8Array(readFileSync(new URL(recording.file, folder)));
      const meta = { type: 'read-phrase' as const, context: { ...context, itemId: part.itemId }, data: {} };
      status = (await submitRecording({ ctx, ...deps, claims, meta, audio })).assessmentStatus;
    } else if ((part.part === 'Listening' || part.part === 'ReadingComprehension') && part.itemId) {
      const answerIndex = simulatedChoice(test, part.part, part.level, part.itemId);
      const request = {
        type: 'answer-comprehension-question' as const,
        context: { ...context, level: part.level, itemId: part.itemId },
        data: { answerIndex },
      };
      status = (await submitActivity({ ctx, claims, request })).assessmentStatus;
    } else {
      // The free answer: the demo candidate ran out of time.
      status = (await submitActivity({ ctx, claims, request: { type: 'timeout', context, data: {} } }))
        .assessmentStatus;
    }
  }
  if (!status.isFinished) throw new Error('the demo English test did not finish');
}

/** Right, except the first question of an ADVANCED level. */
function simulatedChoice(
  test: DrawnTest,
  part: 'Listening' | 'ReadingComprehension',
  level: TestLevel,
  itemId: string,
) {
  const questions =
    part === 'Listening' ? test.levels[level].listening : test.levels[level].readingComprehension;
  const index = questions.findIndex((q) => q.id === itemId);
  const question = questions[index];
  if (!question) throw new Error(`no question ${itemId}`);
  const wrong = level === 'ADVANCED' && index === 0;
  return wrong ? (question.answerIndex + 1) % question.options.length : question.answerIndex;
}
