import { messages, type Realm } from '@agaton/contracts';
import { admins, hashPassword, users, verifyPassword } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { WELL_KNOWN_DEMO_PASSWORD } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { consumeCode, type Subject } from './sessions.ts';
import { throttledSignIn } from './sign-in-throttle.ts';

/** Features every new coach gets (spec 1 §3), with the 100 free recording minutes (spec 1 §9). */
export const NEW_COACH_FEATURES = ['WEB_APP_RECORDING', 'ASSISTANT_CHAT'];
export const NEW_COACH_MINUTES = 100;

let dummyHash: Promise<string> | undefined;
/** Verifying against a dummy hash keeps "no such account" as slow as "wrong password". */
function slowDummyVerify(password: string) {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash.then((hash) => verifyPassword(hash, password));
}

/**
 * Checks e-mail and password in the realm's account table; throws WRONG_CREDENTIALS otherwise, or
 * RATE_LIMITED while the account waits out its backoff (sign-in-throttle.ts).
 */
export function verifyCredentials(
  ctx: AppContext,
  options: { email: string; password: string; realm: Realm },
): Promise<Subject> {
  return throttledSignIn(ctx, options.email, () => checkPassword(ctx, options));
}

async function checkPassword(
  ctx: AppContext,
  options: { email: string; password: string; realm: Realm },
): Promise<Subject> {
  const table = options.realm === 'whiskey-admin' ? admins : users;
  const [row] = await ctx.db
    .select({ id: table.id, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.email, options.email));
  // Social-only accounts have no hash; they take as long as any other miss.
  if (!row?.passwordHash) {
    await slowDummyVerify(options.password);
    throw new AppError('WRONG_CREDENTIALS');
  }
  if (!(await verifyPassword(row.passwordHash, options.password))) throw new AppError('WRONG_CREDENTIALS');
  // A database seeded with the well-known demo password (before production) does not open in production.
  if (ctx.config.production && options.password === WELL_KNOWN_DEMO_PASSWORD) {
    throw new AppError('WRONG_CREDENTIALS');
  }
  return { kind: options.realm === 'whiskey-admin' ? 'admin' : 'user', id: row.id, realm: options.realm };
}

/** A readable first name until the user tells us theirs: "jane.doe@x" → "Jane". */
export function firstNameFromEmail(email: string) {
  const word = email.split('@')[0].split(/[._+-]/)[0] ?? '';
  return word ? word[0].toUpperCase() + word.slice(1) : '';
}

/**
 * Creates a coach account with the sign-up defaults; 409 USERNAME_ALREADY_TAKEN when the e-mail exists.
 * `emailVerified`: an identity provider vouched for the e-mail (else the account verifies it by link).
 */
export async function createCoachUser(
  ctx: AppContext,
  options: { email: string; password?: string; firstName?: string; emailVerified?: boolean },
) {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, options.email));
  if (existing) throw new AppError('USERNAME_ALREADY_TAKEN');
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: options.email,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      firstName: options.firstName || firstNameFromEmail(options.email),
      enabledFeatures: NEW_COACH_FEATURES,
      planStatus: 'TRIALING',
      trialStart: new Date(),
      availableRecordingMinutes: NEW_COACH_MINUTES,
      emailVerifiedAt: options.emailVerified ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent sign-up with the same e-mail lost the race.
  if (!row) throw new AppError('USERNAME_ALREADY_TAKEN');
  return row;
}

/** Verified identity carried by a social token (the code our OIDC callback issued). */
export interface SocialIdentity {
  email: string;
  provider: string;
  firstName?: string;
}

/** Consumes a social token ("firebaseAuthToken") and returns the identity it proves. */
export async function consumeSocialToken(ctx: AppContext, token: string): Promise<SocialIdentity> {
  const row = await consumeCode(ctx, token, 'social');
  const email = row.payload?.email;
  if (!email) throw new AppError('UNPROCESSABLE', messages.signUp.emailMissing);
  return { email, provider: row.payload?.provider ?? 'oidc', firstName: row.payload?.firstName };
}

/** Coach sign-in with a social token: the account must exist ('There is no account with that email.'). */
export async function coachSubjectForSocial(ctx: AppContext, identity: SocialIdentity): Promise<Subject> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
  if (!row) throw new AppError('WRONG_CREDENTIALS', messages.signIn.noAccountWithEmail);
  return { kind: 'user', id: row.id, realm: 'whiskey' };
}

/** Admin sign-in with a social token. */
export async function adminSubjectForSocial(ctx: AppContext, identity: SocialIdentity): Promise<Subject> {
  const [row] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.email, identity.email));
  if (!row) throw new AppError('WRONG_CREDENTIALS', messages.signIn.noAccountWithEmail);
  return { kind: 'admin', id: row.id, realm: 'whiskey-admin' };
}
