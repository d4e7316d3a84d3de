import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRAINING_RULES } from '@agaton/contracts';
import type { AppContext } from '../../lib/context.ts';

/**
 * The training invitation link's token: `<candidateId>.<expires>.<signature>`, an HMAC of the server's
 * secret over the candidate and the expiry (decision 018). Nothing is stored: the candidate row says
 * whether the invitation still stands; the signature says this server wrote the link.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, candidateId: string, expires: number) {
  return createHmac('sha256', secret).update(`training-invite:${candidateId}:${expires}`).digest('base64url');
}

/** A token naming the candidate, valid TRAINING_RULES.invitationLifetimeDays from `now`. */
export function signInvitationToken(options: { secret: string; candidateId: string; now: Date }): string {
  const lifetime = TRAINING_RULES.invitationLifetimeDays * 24 * 3600;
  const expires = Math.floor(options.now.getTime() / 1000) + lifetime;
  return `${options.candidateId}.${expires}.${signature(options.secret, options.candidateId, expires)}`;
}

/** The candidate the token names, or null when it is malformed, forged or expired. */
export function verifyInvitationToken(options: { secret: string; token: string; now: Date }): string | null {
  const parts = options.token.split('.');
  if (parts.length !== 3) return null;
  const [candidateId, expiresText, given] = parts;
  if (!UUID.test(candidateId) || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(options.secret, candidateId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (expires <= Math.floor(options.now.getTime() / 1000)) return null;
  return candidateId;
}

/** The link a training invitation e-mail carries: `${PUBLIC_URL}/coach/training-invite/{token}`. */
export function trainingInvitationLink(ctx: AppContext, candidateId: string, now = new Date()): string {
  const token = signInvitationToken({ secret: ctx.config.JWT_SECRET, candidateId, now });
  return `${ctx.config.PUBLIC_URL}/coach/training-invite/${token}`;
}
