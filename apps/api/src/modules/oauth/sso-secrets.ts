import { organisations } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { isSealed, openSecret, sealSecret } from '../../lib/secret-box.ts';

const contextOf = (orgId: string) => `sso-client-secret:${orgId}`;

let warnedDerivedKey = false;

/** The key, or 501 with an operator-facing log line in production without SECRETS_KEY. */
function secretsKey(ctx: AppContext): Buffer {
  const key = ctx.config.secretsKey;
  if (!key) {
    ctx.log.error(
      'SECRETS_KEY is not set: organisation SSO is off (its client secrets cannot be read or stored)',
    );
    throw new AppError('PROVIDER_NOT_CONFIGURED');
  }
  if (ctx.config.secretsKeyDerived && !warnedDerivedKey) {
    warnedDerivedKey = true;
    ctx.log.warn(
      'SECRETS_KEY is not set: SSO client secrets are encrypted with a key derived from JWT_SECRET',
    );
  }
  return key;
}

/** Stores an organisation's SSO client secret encrypted (AES-256-GCM, SECRETS_KEY). */
export async function storeSsoClientSecret(ctx: AppContext, orgId: string, secret: string) {
  const sealed = sealSecret(secretsKey(ctx), secret, contextOf(orgId));
  await ctx.db.update(organisations).set({ ssoClientSecret: sealed }).where(eq(organisations.id, orgId));
}

/**
 * The organisation's SSO client secret in clear, for the token request only (never answered to a
 * client). A value stored before encryption (plaintext, e.g. set by SQL) is encrypted in place on its
 * first read.
 */
export async function readSsoClientSecret(
  ctx: AppContext,
  org: { id: string; ssoClientSecret: string | null },
): Promise<string> {
  const stored = org.ssoClientSecret;
  if (!stored) return '';
  const key = secretsKey(ctx);
  if (isSealed(stored)) {
    try {
      return openSecret(key, stored, contextOf(org.id));
    } catch (error) {
      ctx.log.error({ err: error, orgId: org.id }, 'SSO client secret does not decrypt with SECRETS_KEY');
      throw new AppError('PROVIDER_NOT_CONFIGURED');
    }
  }
  await ctx.db
    .update(organisations)
    .set({ ssoClientSecret: sealSecret(key, stored, contextOf(org.id)) })
    .where(and(eq(organisations.id, org.id), eq(organisations.ssoClientSecret, stored)));
  ctx.log.info({ orgId: org.id }, 'SSO client secret stored in clear was encrypted');
  return stored;
}
