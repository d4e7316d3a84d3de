import { randomUUID } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { DEMO_ACCOUNTS, sessions, users } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { createSession, enqueueAnalysis, type SessionsRuntime } from '../modules/sessions/index.ts';
import type { DemoRecording } from './demo-recordings/speakers.ts';

/** When each demo session took place, in days before the seed: two weeks' reports and a trend. */
const DAYS_AGO = [18, 11, 4, 1];

const folder = new URL('./demo-recordings/', import.meta.url);

/**
 * Gives the demo coach analysed sessions by uploading real learner recordings through the same
 * path as the browser: stored, charged, queued, and analysed by the workers (a minute or two after
 * the first start). Runs only when the coach has no sessions yet.
 */
export async function seedDemoSessions(ctx: AppContext, runtime: SessionsRuntime): Promise<number> {
  const [coach] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.coach));
  if (!coach) return 0;
  const existing = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, coach.id))
    .limit(1);
  if (existing.length) return 0;
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8')) as DemoRecording[];
  const queue = await runtime.queue();
  const day = 24 * 3600 * 1000;
  for (const [i, recording] of manifest.entries()) {
    const start = new Date(Date.now() - DAYS_AGO[i % DAYS_AGO.length] * day);
    start.setUTCHours(9 + i, 30, 0, 0);
    const end = new Date(start.getTime() + recording.seconds * 1000);
    const objectKey = `recordings/${coach.id}/${randomUUID()}.ogg`;
    const stored = await runtime.store.put(objectKey, createReadStream(new URL(recording.file, folder)), {
      contentType: 'audio/ogg',
      maxBytes: ctx.config.RECORDING_UPLOAD_LIMIT_BYTES,
    });
    const session = await createSession(ctx, {
      userId: coach.id,
      fields: {
        username: DEMO_ACCOUNTS.coach,
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        sessionType: 'default',
      },
      upload: { ...stored, objectKey, contentType: 'audio/ogg', fields: {} },
    });
    await enqueueAnalysis(queue, session.id);
  }
  return manifest.length;
}
