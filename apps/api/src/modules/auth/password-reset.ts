import { messages } from '@agaton/contracts';
import { admins, hashPassword, passwordResetTokens, users } from '@agaton/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { resetPasswordEmail } from '../../providers/mail/templates.ts';
import { endSessionsOf } from './sessions.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * E-mails a reset link when the account exists, off the request path: callers answer 204 at once, so
 * neither the response nor its timing (account lookup, token, SMTP) tells whether an e-mail is
 * registered.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  options: { kind: 'user' | 'admin'; email: string },
) {
  ctx.mailer.later('password reset e-mail', () => mailResetLink(ctx, options));
}

async function mailResetLink(ctx: AppContext, options: { kind: 'user' | 'admin'; email: string }) {
  const table = options.kind === 'admin' ? admins : users;
  const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.email, options.email));
  if (!row) {
    ctx.log.info({ kind: options.kind }, 'password reset requested for an unknown e-mail');
    return;
  }
  const token = randomToken(32);
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    subjectKind: options.kind,
    subjectId: row.id,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  // Coach and admin reset pages live on different SPA routes (spec 1 §2).
  const path = options.kind === 'admin' ? '/reset-password/' : '/coach/auth/reset-pass/';
  await ctx.mailer.send(resetPasswordEmail(options.email, `${ctx.config.PUBLIC_URL}${path}${token}`, token));
}

/** Options of resetPassword. */
export interface ResetPasswordOptions {
  /** The token from the e-mailed link. */
  token: string;
  /** The new password (already validated against the password rule). */
  password: string;
  /**
   * The kind of account the calling endpoint resets. Required: a token works only in the realm it was
   * mailed for (issue 24), so an admin's link on the coach's page answers as an invalid link.
   */
  kind: 'user' | 'admin';
}

/**
 * Sets a new password with a reset token (single use). Existing sessions of the account are revoked,
 * because a reset usually follows a suspected compromise.
 */
export async function resetPassword(ctx: AppContext, options: ResetPasswordOptions) {
  const [row] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(options.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(passwordResetTokens.subjectKind, options.kind),
      ),
    )
    .returning();
  if (!row) throw new AppError('INVALID_TOKEN', messages.token.resetLinkInvalid);
  // Other links still in the mailbox die with this reset.
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.subjectKind, row.subjectKind),
        eq(passwordResetTokens.subjectId, row.subjectId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  const passwordHash = await hashPassword(options.password);
  const table = row.subjectKind === 'admin' ? admins : users;
  await ctx.db.update(table).set({ passwordHash }).where(eq(table.id, row.subjectId));
  await endSessionsOf(ctx, row.subjectKind, row.subjectId);
}
