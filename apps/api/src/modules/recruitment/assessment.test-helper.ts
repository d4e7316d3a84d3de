import { randomUUID } from 'node:crypto';
import {
  type ActivityRequest,
  type CandidateTestAuthResponse,
  type FormActivityMeta,
  TEST_RULES,
  type TestContent,
} from '@agaton/contracts';
import { challengeActivities, challenges, type Database } from '@agaton/db';
import { buildCandidate, buildOrg } from '@agaton/db/testing';
import { wav16kMono } from '@agaton/speech';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../testing/test-app.ts';
import { call } from '../../testing/test-app.ts';
import { multipart } from '../scoring/scoring.test-helper.ts';
import { makeContent } from './recruitment.test-helper.ts';

/** A candidate with a challenge whose content is `content`'s first position, sent now (14-day code). */
export async function sentChallenge(
  t: TestApp,
  options: { content?: TestContent; expiresAt?: Date; orgId?: string } = {},
) {
  const content = options.content ?? makeContent({ ask: 1 });
  const orgId = options.orgId ?? (await buildOrg(t.db, { name: 'Hiring Co' })).id;
  const { candidate, challenge } = await buildCandidate(t.db, { orgId });
  const position = content.positions[0];
  const expiresAt =
    options.expiresAt ?? new Date(Date.now() + TEST_RULES.codeLifetimeDays * 24 * 3600 * 1000);
  await t.db
    .update(challenges)
    .set({
      content: { timeLimitsSeconds: content.timeLimitsSeconds, position },
      position: position.position,
      expiresAt,
    })
    .where(eq(challenges.id, challenge.id));
  return { orgId, candidate, challenge };
}

/** POST /api/challenge/auth. */
export function signIn(app: FastifyInstance, email: string, code: string) {
  return call(app, 'POST', '/api/challenge/auth', { body: { username: email, password: code } });
}

/** Signs in and returns the parsed answer (fails the test on anything but 200). */
export async function signedIn(app: FastifyInstance, email: string, code: string) {
  const res = await signIn(app, email, code);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as CandidateTestAuthResponse;
}

/** A fresh idempotency key, as the client makes one per attempt. */
export const newKey = () => `key-${randomUUID()}`;

/** POST /api/assessment/activity. */
export function activity(
  app: FastifyInstance,
  token: string,
  body: Omit<ActivityRequest, 'context'> & {
    context: Omit<ActivityRequest['context'], 'idempotencyKey'> & { idempotencyKey?: string };
  },
) {
  const context = { idempotencyKey: newKey(), ...body.context };
  return call(app, 'POST', '/api/assessment/activity', { token, body: { ...body, context } });
}

/** Starts a part and returns the response. */
export const startPart = (app: FastifyInstance, token: string, part: ActivityRequest['context']['part']) =>
  activity(app, token, { type: 'start-part', context: { part } });

/** POST /api/assessment/form/activity with a recording and its meta (raw string to test bad JSON). */
export function recording(
  app: FastifyInstance,
  token: string,
  meta: FormActivityMeta | string,
  audio?: { data: Buffer; contentType?: string; filename?: string },
) {
  const body = multipart(
    { meta: typeof meta === 'string' ? meta : JSON.stringify(meta) },
    audio
      ? {
          filename: audio.filename ?? 'answer.wav',
          contentType: audio.contentType ?? 'audio/wav',
          data: audio.data,
        }
      : undefined,
  );
  return app.inject({
    method: 'POST',
    url: '/api/assessment/form/activity',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

/** The meta of a reading of `itemId` (or of the free answer) with a fresh key. */
export function readMeta(
  itemId: string,
  options: { free?: boolean; key?: string; durationMs?: number } = {},
): FormActivityMeta {
  return {
    type: options.free ? 'answer-free-speech' : 'read-phrase',
    context: {
      part: options.free ? 'FreeSpeech' : 'Reading',
      itemId,
      idempotencyKey: options.key ?? newKey(),
    },
    data: options.durationMs === undefined ? {} : { durationMs: options.durationMs },
  };
}

/** A 16 kHz mono 16-bit WAV of the samples. */
export const wav = (samples: Int16Array): Buffer =>
  wav16kMono(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));

/** The stored activity rows of a challenge. */
export const activityRowsOf = (db: Database, challengeId: string) =>
  db.select().from(challengeActivities).where(eq(challengeActivities.challengeId, challengeId));

/** One part's progress in an assessment status. */
export const partOf = (status: { parts: { part: string }[] }, part: string) =>
  status.parts.find((p) => p.part === part) as Record<string, unknown>;
