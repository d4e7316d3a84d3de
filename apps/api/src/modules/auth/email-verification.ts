import { messages, type Realm } from '@agaton/contracts';
import { admins, emailVerificationTokens, users } from '@agaton/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { verifyEmailEmail } from '../../providers/mail/templates.ts';

/** A verification link works for two days (a reset link for one hour: it sets a password). */
export const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

type AccountKind = 'user' | 'admin';

const tableOf = (kind: AccountKind) => (kind === 'admin' ? admins : users);

/** The SPA page the link opens; one page for both realms (the API tells it which sign-in follows). */
export const VERIFY_EMAIL_PATH = '/verify-email/';

/**
 * E-mails a verification link to a new (or still unverified) account. Only the token's hash is stored;
 * the link is single use and expires. Earlier links of the account stay valid until used or expired.
 */
export async function sendVerificationEmail(
  ctx: AppContext,
  account: { kind: AccountKind; id: string; email: string },
) {
  const token = randomToken(32);
  await ctx.db.insert(emailVerificationTokens).values({
    tokenHash: sha256(token),
    subjectKind: account.kind,
    subjectId: account.id,
    email: account.email,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  await ctx.mailer.send(
    verifyEmailEmail(account.email, `${ctx.config.PUBLIC_URL}${VERIFY_EMAIL_PATH}${token}`, token),
  );
}

/** Sends the link of a new account; a mail failure is logged and never fails the sign-up itself. */
export async function mailVerificationLink(
  ctx: AppContext,
  account: { kind: AccountKind; id: string; email: string },
) {
  try {
    await sendVerificationEmail(ctx, account);
  } catch (error) {
    ctx.log.error({ err: error, kind: account.kind }, 'verification e-mail failed');
  }
}

/**
 * Marks the account's e-mail verified with a link's token (single use, unexpired, and only while the
 * account still has the address the link was sent to). Answers the realm whose sign-in comes next.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ email: string; realm: Realm }> {
  const [row] = await ctx.db
    .update(emailVerificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, sha256(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new AppError('INVALID_TOKEN', messages.emailVerification.linkInvalid);
  const table = tableOf(row.subjectKind);
  const [account] = await ctx.db
    .update(table)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(table.id, row.subjectId), eq(table.email, row.email)))
    .returning({ email: table.email });
  if (!account) throw new AppError('INVALID_TOKEN', messages.emailVerification.linkInvalid);
  return { email: account.email, realm: row.subjectKind === 'admin' ? 'whiskey-admin' : 'whiskey' };
}

/**
 * Sends a new link when the realm has an unverified account with this e-mail; otherwise nothing. Runs
 * off the request path and the caller answers 204 either way, so neither the answer nor its timing tells
 * whether an account exists.
 */
export function resendVerificationEmail(ctx: AppContext, options: { email: string; realm: Realm }) {
  ctx.mailer.later('verification e-mail', () => mailNewLink(ctx, options));
}

async function mailNewLink(ctx: AppContext, options: { email: string; realm: Realm }) {
  const kind: AccountKind = options.realm === 'whiskey-admin' ? 'admin' : 'user';
  const table = tableOf(kind);
  const [account] = await ctx.db
    .select({ id: table.id, email: table.email })
    .from(table)
    .where(and(eq(table.email, options.email.toLowerCase()), isNull(table.emailVerifiedAt)));
  if (!account) {
    ctx.log.info({ kind }, 'verification e-mail requested for no unverified account');
    return;
  }
  await sendVerificationEmail(ctx, { kind, ...account });
}
