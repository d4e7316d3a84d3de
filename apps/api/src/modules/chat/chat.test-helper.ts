import type { ChatStreamEvent, SessionMetrics } from '@agaton/contracts';
import { type Database, sessions } from '@agaton/db';
import type { FastifyInstance } from 'fastify';
import { call } from '../../testing/test-app.ts';
import { EMPTY_PROFILE, metricsWith, realMeeting } from '../speaking/session-metrics.test-helper.ts';

/** The events of an SSE body, in order. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return { event, data: JSON.parse(data ?? 'null') } as ChatStreamEvent;
    });
}

/**
 * An analysed session of a user (real engine metrics with the given overall scores, and any other
 * figures in `figures`).
 */
export async function addSession(
  db: Database,
  userId: string,
  startedAt: Date,
  scores: { total: number; pronunciation?: number; fluency?: number },
  figures: Partial<SessionMetrics> = {},
) {
  const metrics = metricsWith({
    total: scores.total,
    pronunciation: scores.pronunciation ?? scores.total,
    fluency: scores.fluency ?? scores.total,
    ...figures,
  });
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      startedAt,
      endedAt: new Date(startedAt.getTime() + metrics.durationSeconds * 1000),
      declaredSeconds: metrics.durationSeconds,
      durationSeconds: metrics.durationSeconds,
      objectKey: `test/${startedAt.getTime()}-${scores.total}`,
      contentType: 'audio/webm',
      sizeBytes: 1000,
      sha256: `${startedAt.getTime()}-${scores.total}-${Math.random()}`,
      status: 'done',
      stage: 'done',
      percent: 100,
      profile: EMPTY_PROFILE,
      metrics,
      analysedAt: startedAt,
    })
    .returning();
  return row;
}

export { realMeeting };

/** Sends a question and reads the whole answer stream. */
export async function ask(
  app: FastifyInstance,
  token: string,
  threadId: string,
  text: string,
  userType = 'USER',
  mentions?: { sign: '@' | '#'; id: string; name: string }[],
) {
  const sent = await call(app, 'POST', `/api/chat/threads/${threadId}/messages`, {
    token,
    body: { userType, text, ...(mentions ? { mentions } : {}) },
  });
  if (sent.statusCode !== 202) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const { runId } = sent.json();
  const stream = await call(app, 'GET', `/api/chat/threads/${threadId}/events?runId=${runId}`, { token });
  const events = parseEvents(stream.body);
  const completed = events.find((e) => e.event === 'completed');
  return {
    runId,
    stream,
    events,
    text: events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join(''),
    message: completed?.event === 'completed' ? completed.data.message : null,
  };
}

/** The caller's first thread (listing creates one when none exist). */
export async function firstThread(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, 'GET', '/api/chat/threads', { token });
  if (res.statusCode !== 200) throw new Error(`threads failed: ${res.body}`);
  return res.json().threads[0].threadId;
}

/**
 * The answer as read on screen for number checks: Markdown link targets (which hold random ids whose
 * hex may contain any digits) are left out, so `not.toMatch(/\b58\b/)` tests the shown text only.
 */
export function shownText(answer: string): string {
  return answer.replace(/\]\([^)]*\)/g, ']');
}
