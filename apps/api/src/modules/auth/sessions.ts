import type { AuthSession, Realm, TokenKind } from '@agaton/contracts';
import { messages } from '@agaton/contracts';
import { admins, candidates, oneTimeCodes, refreshTokens, users } from '@agaton/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

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
  options: { purpose?: 'sign-in' | 'social'; payload?: Record<string, string> } = {},
) {
  const code = randomToken(24);
  await ctx.db.insert(oneTimeCodes).values({
    codeHash: sha256(code),
    purpose: options.purpose ?? 'sign-in',
    subjectKind: subject.kind,
    subjectId: subject.id,
    realm: subject.realm,
    payload: options.payload,
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
  return row;
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
): Promise<AuthSession> {
  const found = await lookupSubject(ctx, subject.kind, subject.id);
  if (!found) throw new AppError('INVALID_TOKEN');
  const refreshToken = randomToken(32);
  await ctx.db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId: familyId ?? crypto.randomUUID(),
    subjectKind: subject.kind,
    subjectId: subject.id,
    realm: subject.realm,
    expiresAt: new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const accessToken = await ctx.tokens.sign({
    sub: subject.id,
    kind: subject.kind,
    realm: subject.realm,
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

async function revokeFamily(ctx: AppContext, familyId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  ctx.log.warn({ familyId }, 'refresh token replayed; family revoked');
}

/**
 * Rotates a refresh token. A token that was already used means it leaked (or the client raced):
 * the whole family is revoked so neither holder can continue.
 */
export async function rotateRefreshToken(ctx: AppContext, token: string): Promise<AuthSession> {
  const row = await findRefreshToken(ctx, token);
  if (row.usedAt) {
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
    await revokeFamily(ctx, row.familyId);
    throw new AppError('INVALID_TOKEN', messages.token.refreshReused);
  }
  return issueSession(ctx, { kind: row.subjectKind, id: row.subjectId, realm: row.realm }, row.familyId);
}

/** Subject of a still-valid refresh token, without rotating it (desktop-app code). */
export async function subjectOfRefreshToken(ctx: AppContext, token: string): Promise<Subject> {
  const row = await findRefreshToken(ctx, token);
  if (row.usedAt) {
    await revokeFamily(ctx, row.familyId);
    throw new AppError('INVALID_TOKEN', messages.token.refreshReused);
  }
  return { kind: row.subjectKind, id: row.subjectId, realm: row.realm };
}
