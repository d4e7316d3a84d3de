import { ACCOUNT_TEXTS, type Admin, messages } from '@agaton/contracts';
import { admins, hashPassword, verifyPassword } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { endSessionsOf, issueSession, mailVerificationLink } from '../auth/index.ts';
import { getAdmin } from './admin.service.ts';

const ADMIN_REALM = 'whiskey-admin' as const;

/** GET /admin/account: whether the admin has a password (social-only accounts do not). */
export async function getAccount(ctx: AppContext, adminId: string) {
  const [row] = await ctx.db
    .select({ passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!row) throw new AppError('INVALID_TOKEN');
  return { hasPassword: Boolean(row.passwordHash) };
}

/**
 * Checks the admin's current password. Social-only accounts get 422 with our text (nothing to confirm
 * with); a wrong password is a 400 on the field with 'Wrong password provided.' — not a 401, which the
 * client would take for an expired session and answer by refreshing and sending the password again.
 */
async function confirmPassword(ctx: AppContext, adminId: string, password: string) {
  const [row] = await ctx.db
    .select({ email: admins.email, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!row) throw new AppError('INVALID_TOKEN');
  if (!row.passwordHash) throw new AppError('UNPROCESSABLE', ACCOUNT_TEXTS.noPassword);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('VALIDATION', messages.signIn.wrongPassword, {
      details: [{ path: 'currentPassword', message: messages.signIn.wrongPassword }],
    });
  }
  return row;
}

/** The notice to the old address, so a hijacked session cannot move the account away silently. */
function emailChangedNotice(to: string, newEmail: string): MailMessage {
  const body = `The sign-in e-mail of your Agaton admin account was changed to ${newEmail}. If it was not you, contact us at once by replying to this e-mail.`;
  return {
    to,
    subject: ACCOUNT_TEXTS.emailChangedNoticeSubject,
    text: body,
    html: `<p>${escapeHtml(body)}</p>`,
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** PUT /admin/email: 409 USERNAME_ALREADY_TAKEN when another admin has it; notice to the old address. */
export async function changeEmail(
  ctx: AppContext,
  options: { adminId: string; email: string; currentPassword: string },
): Promise<Admin> {
  const current = await confirmPassword(ctx, options.adminId, options.currentPassword);
  if (current.email === options.email) return getAdmin(ctx, options.adminId);
  const [taken] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.email, options.email));
  if (taken) throw new AppError('USERNAME_ALREADY_TAKEN');
  try {
    // The new address is unverified until its link is followed (no identity provider links to it before).
    await ctx.db
      .update(admins)
      .set({ email: options.email, emailVerifiedAt: null })
      .where(eq(admins.id, options.adminId));
  } catch (error) {
    // Lost a race with another admin taking the same address (unique index).
    if (isUniqueViolation(error)) throw new AppError('USERNAME_ALREADY_TAKEN');
    throw error;
  }
  await ctx.mailer.send(emailChangedNotice(current.email, options.email));
  await mailVerificationLink(ctx, { kind: 'admin', id: options.adminId, email: options.email });
  return getAdmin(ctx, options.adminId);
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let cause: unknown = error;
  while (cause && typeof cause === 'object' && !seen.has(cause)) {
    seen.add(cause);
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PUT /admin/password: sets the new password, ends every session of the admin (the other devices are
 * signed out within the revocation cache's 30 s) and answers a fresh session for the caller.
 */
export async function changePassword(
  ctx: AppContext,
  options: { adminId: string; currentPassword: string; newPassword: string },
) {
  await confirmPassword(ctx, options.adminId, options.currentPassword);
  const passwordHash = await hashPassword(options.newPassword);
  await ctx.db.update(admins).set({ passwordHash }).where(eq(admins.id, options.adminId));
  await endSessionsOf(ctx, 'admin', options.adminId);
  const session = await issueSession(ctx, { kind: 'admin', id: options.adminId, realm: ADMIN_REALM });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    accessTokenExpiresInSeconds: session.accessTokenExpiresInSeconds,
  };
}
