import { createHmac } from 'node:crypto';
import type { AuthSession, Realm, TokenKind } from '@agaton/contracts';
import { messages } from '@agaton/contracts';
import {
  admins,
  candidates,
  type Database,
  oneTimeCodes,
  refreshTokens,
  sessionCutoffs,
  users,
} from '@agaton/db';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { RevocationList } from './revocations.ts';

/** Who a token or code is about. */
export interface Subject {
  kind: TokenKind;
  id: string;
  realm: Realm;
}

const CODE_TTL_MS = 5 * 60 * 1000;

/** Issues a single-use code (sign-in step 1 result, desktop-app code, OAuth callback code). */
export async function issueCode(
  ctx: AppContext,
  subject: Subject,
  options: { purpose?: 'sign-in' | 'social'; payload?: Record<string, string>; familyId?: string } = {},
) {
  const code = randomToken(24);
  await ctx.db.insert(oneTimeCodes).values({
    codeHash: sha256(code),
    purpose: options.purpose ?? 'sign-in',
    subjectKind: subject.kind,
    subjectId: subject.id,
    realm: subject.realm,
    payload: options.payload,
    familyId: options.familyId,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/** Marks a code used and returns it; unknown, used or expired codes are refused. */
export async function consumeCode(ctx: AppContext, code: string, purpose: 'sign-in' | 'social') {
  const [row] = await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.codeHash, sha256(code)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new AppError('INVALID_TOKEN', messages.token.codeInvalid);
  // A code minted from a refresh family (POST /api/code) dies with it.
  if (row.familyId && (await familyRevoked(ctx.db, row.familyId))) {
    throw new AppError('INVALID_TOKEN', messages.token.codeInvalid);
  }
  return row;
}

/**
 * Whether a sign-in (refresh family) was revoked: a replayed refresh token, a password reset or change.
 * Asked of the database, which keeps a revoked family's rows until they expire (REFRESH_TOKEN_TTL_DAYS),
 * so it still answers after the access tokens' in-memory RevocationList has forgotten.
 */
export async function familyRevoked(db: Database, familyId: string): Promise<boolean> {
  const [revoked] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return Boolean(revoked);
}

function revocationList(ctx: AppContext) {
  return ctx.tokens.revocations instanceof RevocationList ? ctx.tokens.revocations : undefined;
}

/**
 * Ends every session of a subject (password reset or change): its refresh tokens are revoked and its
 * access tokens issued before now are refused (session_cutoffs, seen by other processes within
 * REVOCATION_CACHE_MS). A session issued after this call is not affected.
 */
export async function endSessionsOf(ctx: AppContext, kind: TokenKind, subjectId: string) {
  const now = new Date();
  const revoked = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.subjectId, subjectId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  await ctx.db
    .insert(sessionCutoffs)
    .values({ subjectKind: kind, subjectId, notBefore: now })
    .onConflictDoUpdate({
      target: [sessionCutoffs.subjectKind, sessionCutoffs.subjectId],
      set: { notBefore: now },
    });
  const list = revocationList(ctx);
  for (const { familyId } of revoked) list?.noteFamily(familyId);
  list?.noteCutoff(kind, subjectId, now);
}

/** E-mail (and organisation for admins/candidates) of a subject, or null when it no longer exists. */
export async function lookupSubject(ctx: AppContext, kind: TokenKind, id: string) {
  if (kind === 'user') {
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row ? { email: row.email, orgId: undefined } : null;
  }
  if (kind === 'admin') {
    const [row] = await ctx.db
      .select({ email: admins.email, orgId: admins.orgId })
      .from(admins)
      .where(eq(admins.id, id));
    return row ?? null;
  }
  const [row] = await ctx.db
    .select({ email: candidates.email, orgId: candidates.orgId })
    .from(candidates)
    .where(eq(candidates.id, id));
  return row ?? null;
}

/** New access token + refresh token; pass familyId to continue a rotation chain. */
export async function issueSession(
  ctx: AppContext,
  subject: Subject,
  familyId?: string,
  /** The refresh token this session rotates; the new one is derived from it (see REFRESH_GRACE_MS). */
  successor?: string,
): Promise<AuthSession> {
  const found = await lookupSubject(ctx, subject.kind, subject.id);
  if (!found) throw new AppError('INVALID_TOKEN');
  const family = familyId ?? crypto.randomUUID();
  const refreshToken = successor ? successorOf(ctx, successor) : randomToken(32);
  await ctx.db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId: family,
    subjectKind: subject.kind,
    subjectId: subject.id,
    realm: subject.realm,
    expiresAt: new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const accessToken = await ctx.tokens.sign({
    sub: subject.id,
    kind: subject.kind,
    realm: subject.realm,
    fid: family,
    ...(found.orgId ? { orgId: found.orgId } : {}),
  });
  return {
    accessToken,
    refreshToken,
    accessTokenExpiresInSeconds: ctx.tokens.ttlSeconds,
    identity: { id: subject.id, email: found.email, kind: subject.kind, realm: subject.realm },
  };
}

async function findRefreshToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row || row.revokedAt) throw new AppError('INVALID_TOKEN');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  return row;
}

async function revokeFamily(ctx: AppContext, familyId: string, why: 'replayed' | 'signed out' = 'replayed') {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  revocationList(ctx)?.noteFamily(familyId);
  if (why === 'replayed') ctx.log.warn({ familyId }, 'refresh token replayed; family revoked');
  else ctx.log.info({ familyId }, 'signed out; family revoked');
}

/**
 * Logout (POST /api/token/revoke): ends the sign-in the refresh token belongs to — its refresh tokens,
 * its access tokens within the revocation list's minute, the codes and playback links made from it.
 * A token that is unknown, expired or already revoked changes nothing and says nothing (RFC 7009).
 */
export async function endSignIn(ctx: AppContext, refreshToken: string) {
  const [row] = await ctx.db
    .select({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (row && !row.revokedAt) await revokeFamily(ctx, row.familyId, 'signed out');
}

/**
 * How long after a rotation the old refresh token may be presented again and get the same new refresh
 * token back (a page that navigated away mid-refresh never stored the answer and retries with the old
 * one). Only while that new token is unused: once the client has moved on, the old token is a replay and
 * the family is revoked, as before.
 */
export const REFRESH_GRACE_MS = 30_000;

/** The refresh token a rotation of `token` issues: an HMAC under the server's secret, so it can be
 * given again during the grace without storing it; without the secret it cannot be derived. */
function successorOf(ctx: AppContext, token: string) {
  return createHmac('sha256', ctx.config.JWT_SECRET).update(`refresh-successor:${token}`).digest('base64url');
}

/** The grace answer for a just-rotated token, or null when the grace does not apply. */
async function graceRetry(ctx: AppContext, row: typeof refreshTokens.$inferSelect, token: string) {
  if (!row.usedAt || Date.now() - row.usedAt.getTime() > REFRESH_GRACE_MS) return null;
  const [next] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(successorOf(ctx, token))));
  if (!next || next.usedAt || next.revokedAt) return null;
  const found = await lookupSubject(ctx, next.subjectKind, next.subjectId);
  if (!found) return null;
  const accessToken = await ctx.tokens.sign({
    sub: next.subjectId,
    kind: next.subjectKind,
    realm: next.realm,
    fid: next.familyId,
    ...(found.orgId ? { orgId: found.orgId } : {}),
  });
  return {
    accessToken,
    refreshToken: successorOf(ctx, token),
    accessTokenExpiresInSeconds: ctx.tokens.ttlSeconds,
    identity: { id: next.subjectId, email: found.email, kind: next.subjectKind, realm: next.realm },
  } satisfies AuthSession;
}

/**
 * Rotates a refresh token. A token that was already used means it leaked (or the client raced):
 * the whole family is revoked so neither holder can continue.
 */
export async function rotateRefreshToken(ctx: AppContext, token: string): Promise<AuthSession> {
  const row = await findRefreshToken(ctx, token);
  if (row.usedAt) {
    const retry = await graceRetry(ctx, row, token);
    if (retry) return retry;
    await revokeFamily(ctx, row.familyId);
    throw new AppError('INVALID_TOKEN', messages.token.refreshReused);
  }
  // The conditional update makes two concurrent uses of one token count as a replay.
  const [claimed] = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    // Two tabs refreshing at once: the loser gets the winner's pair (same grace), not a revoked family.
    const [now] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    const retry = now ? await waitForSuccessor(ctx, now, token) : null;
    if (retry) return retry;
    await revokeFamily(ctx, row.familyId);
    throw new AppError('INVALID_TOKEN', messages.token.refreshReused);
  }
  return issueSession(
    ctx,
    { kind: row.subjectKind, id: row.subjectId, realm: row.realm },
    row.familyId,
    token,
  );
}

/** The concurrent rotation's successor, once it is written (a few short tries). */
async function waitForSuccessor(ctx: AppContext, row: typeof refreshTokens.$inferSelect, token: string) {
  for (let i = 0; i < 20; i++) {
    const retry = await graceRetry(ctx, row, token);
    if (retry) return retry;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return null;
}

/**
 * Subject and family of a still-valid refresh token, without rotating it (desktop-app code): the code
 * carries the family, so the session it opens ends when the family is revoked.
 */
export async function subjectOfRefreshToken(
  ctx: AppContext,
  token: string,
): Promise<Subject & { familyId: string }> {
  const row = await findRefreshToken(ctx, token);
  if (row.usedAt) {
    await revokeFamily(ctx, row.familyId);
    throw new AppError('INVALID_TOKEN', messages.token.refreshReused);
  }
  return { kind: row.subjectKind, id: row.subjectId, realm: row.realm, familyId: row.familyId };
}
