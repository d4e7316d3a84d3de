import { randomInt } from 'node:crypto';
import { type Challenge, hasProductAccess, RECRUITMENT_TEXTS, TEST_RULES } from '@agaton/contracts';
import { candidates, challenges, organisations, type Transaction } from '@agaton/db';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { OrgActor } from '../../lib/policy.ts';
import { newWorkspaceAccess, settleTrialExpiry } from '../admin/index.ts';
import { toChallenge, visibleCandidates } from './challenges.service.ts';
import { DEFAULT_TEST_CONTENT } from './content/default-test-content.ts';
import { testInvitationEmail } from './invitation-email.ts';
import { snapshotFor } from './test-content.service.ts';

/** A transaction of the app's database. */
export type Tx = Transaction;

/** No 0/O, 1/I/L: codes are read from an e-mail and typed by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh test code such as `K7QM-3XPT`: 8 random characters (about 40 bits), grouped to read. */
export function newTestCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export interface SendTestOptions {
  actor: OrgActor;
  /** Candidates (identity ids) of the admin's organisation and teams; duplicates count once. */
  candidateIds: string[];
  /** A position of the organisation's test content. */
  position: string;
}

/** What a send created, and the invitations to e-mail once the transaction committed. */
export interface SentTests {
  created: Challenge[];
  invitations: ReturnType<typeof testInvitationEmail>[];
}

/**
 * Sends tests inside the caller's transaction: locks the organisation row so concurrent sends see each
 * other's tests-left count, checks access, the position and the candidates, refuses when fewer tests
 * are left than asked (402, nothing created), expires each candidate's open challenge (one open test
 * per candidate), creates the challenges with a snapshot of the position's content and decrements the
 * count by the number created.
 */
export async function sendTestsInTransaction(
  ctx: AppContext,
  tx: Tx,
  options: SendTestOptions,
): Promise<SentTests> {
  const { actor } = options;
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, actor.orgId)).for('update');
  if (!org) throw new AppError('NOT_FOUND');
  // A trial past its end keeps its results readable but sends no more tests (trial.service.ts).
  const access = settleTrialExpiry(org.productAccess ?? newWorkspaceAccess(), new Date());
  if (!hasProductAccess(access.recruitment)) {
    throw new AppError('FORBIDDEN', RECRUITMENT_TEXTS.noRecruitmentAccess);
  }
  const snapshot = snapshotFor(org.testContent ?? DEFAULT_TEST_CONTENT, options.position);

  const ids = [...new Set(options.candidateIds)];
  const people = await tx
    .select()
    .from(candidates)
    .where(and(visibleCandidates(actor), inArray(candidates.id, ids)));
  if (people.length !== ids.length) {
    const found = new Set(people.map((p) => p.id));
    const details = ids
      .filter((id) => !found.has(id))
      .map((id) => ({ path: 'candidateAstridIdentityIds', message: `Candidate ${id} was not found.` }));
    throw new AppError('NOT_FOUND', 'Some of the selected candidates were not found. No test was sent.', {
      details,
    });
  }
  const left = access.recruitment.testsLeftCount ?? 0;
  if (left < ids.length) throw new AppError('PAYMENT_REQUIRED', RECRUITMENT_TEXTS.limitTests);

  const now = new Date();
  await tx
    .update(challenges)
    .set({ expiresAt: now })
    .where(
      and(
        inArray(challenges.candidateId, ids),
        isNull(challenges.completedAt),
        or(isNull(challenges.expiresAt), gt(challenges.expiresAt, now)),
      ),
    );
  // Whoever is sent a test is a recruit, and their topic is the one of their newest test.
  await tx
    .update(candidates)
    .set({ isRecruit: true, position: snapshot.position.position })
    .where(inArray(candidates.id, ids));
  const expiresAt = new Date(now.getTime() + TEST_RULES.codeLifetimeDays * 24 * 60 * 60 * 1000);
  const rows = await insertWithFreshCodes(
    tx,
    people.map((p) => ({
      orgId: actor.orgId,
      candidateId: p.id,
      position: snapshot.position.position,
      sentByAdminId: actor.adminId,
      content: snapshot,
      createdAt: now,
      expiresAt,
    })),
  );
  await tx
    .update(organisations)
    .set({
      productAccess: {
        ...access,
        recruitment: { ...access.recruitment, testsLeftCount: left - rows.length },
      },
    })
    .where(eq(organisations.id, org.id));

  const byId = new Map(people.map((p) => [p.id, p]));
  const link = `${ctx.config.PUBLIC_URL}/candidate`;
  const created: Challenge[] = [];
  const invitations: SentTests['invitations'] = [];
  for (const row of rows) {
    const person = byId.get(row.candidateId);
    if (!person) continue;
    created.push(toChallenge(row, person, now));
    invitations.push(
      testInvitationEmail({
        to: person.email,
        candidateName: person.name,
        orgName: org.name,
        code: row.code,
        expiresAt,
        link,
      }),
    );
  }
  return { created, invitations };
}

type NewChallenge = Omit<typeof challenges.$inferInsert, 'code'>;

/** Inserts with new codes; a code already taken (about 1 in 10^12) just gets another. */
async function insertWithFreshCodes(tx: Tx, values: NewChallenge[]) {
  const inserted: (typeof challenges.$inferSelect)[] = [];
  let pending = values;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new AppError('INTERNAL');
    const rows = await tx
      .insert(challenges)
      .values(pending.map((v) => ({ ...v, code: newTestCode() })))
      .onConflictDoNothing({ target: challenges.code })
      .returning();
    inserted.push(...rows);
    const done = new Set(rows.map((r) => r.candidateId));
    pending = pending.filter((v) => !done.has(v.candidateId));
  }
  return inserted;
}

/** E-mails the invitations a committed send produced (outbox, and SMTP when configured). */
export async function sendInvitations(ctx: AppContext, invitations: SentTests['invitations']) {
  // A few at a time: an SMTP server may be slow, and hundreds at once would only queue there.
  for (let i = 0; i < invitations.length; i += 10) {
    await Promise.all(invitations.slice(i, i + 10).map((mail) => ctx.mailer.send(mail)));
  }
}

/** POST /challenge (Send test): one transaction, then the invitations. */
export async function sendTests(ctx: AppContext, options: SendTestOptions): Promise<Challenge[]> {
  const sent = await ctx.db.transaction((tx) => sendTestsInTransaction(ctx, tx, options));
  await sendInvitations(ctx, sent.invitations);
  return sent.created;
}
