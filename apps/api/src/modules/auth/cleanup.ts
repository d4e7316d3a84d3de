import {
  type Database,
  oauthStates,
  oneTimeCodes,
  passwordResetTokens,
  refreshTokens,
  signInThrottles,
} from '@agaton/db';
import { lt } from 'drizzle-orm';

/**
 * Deletes expired sign-in codes, OAuth states, reset tokens and refresh tokens. Expired rows can never
 * be accepted again (every check also compares expiry), so this only keeps the tables small.
 */
export async function purgeExpiredTokens(db: Database, now = new Date()) {
  const [codes, states, resets, refresh] = await Promise.all([
    db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, now)).returning({ id: oneTimeCodes.codeHash }),
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({ id: oauthStates.state }),
    db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, now))
      .returning({ id: passwordResetTokens.tokenHash }),
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id }),
    // A sign-in throttle idle for a day starts over (its longest wait is 15 minutes).
    db.delete(signInThrottles).where(lt(signInThrottles.updatedAt, new Date(now.getTime() - 86_400_000))),
  ]);
  return { codes: codes.length, states: states.length, resets: resets.length, refreshTokens: refresh.length };
}
