import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildUser } from '@agaton/db/testing';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { multipart } from '../scoring/scoring.test-helper.ts';

// s3rver ships no types; this is the part of it the test uses.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance;

const RECORDING = readFileSync(new URL('../../seed/demo-recordings/speaker-0594.ogg', import.meta.url));
const BUCKET = 'agaton-sessions';

/** Recording uploads through the whole app into a real S3-compatible server on loopback (s3rver). */
describe('sessions with recordings in an S3 bucket', () => {
  const directory = mkdtempSync(join(tmpdir(), 'agaton-s3-sessions-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  let s3: S3Client;
  let t: TestApp;

  beforeAll(async () => {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const keys = async (prefix: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key,
    );

  it('stores the recording once in the bucket, and nothing for a refused upload', async () => {
    const user = await buildUser(t.db, { password: 'Agaton123', availableRecordingMinutes: 2 });
    const token = (await signIn(t.app, user.email, 'Agaton123')).accessToken;
    const send = (endTime: string) => {
      const body = multipart(
        { username: user.email, startTime: '2026-11-20T09:00:00.000Z', endTime, sessionType: 'default' },
        { name: 'files', filename: 'meeting.ogg', contentType: 'audio/ogg', data: RECORDING },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/sessions/recordings',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
    };
    // Ten minutes declared, two left: refused after the body streamed, and its object removed.
    expect((await send('2026-11-20T09:10:00.000Z')).statusCode).toBe(402);
    expect(await keys(`recordings/${user.id}/`)).toEqual([]);

    const first = await send('2026-11-20T09:00:28.580Z');
    expect(first.statusCode).toBe(202);
    const again = await send('2026-11-20T09:00:28.580Z');
    expect(again.json().meetingId).toBe(first.json().meetingId);
    const stored = await keys(`recordings/${user.id}/`);
    expect(stored).toHaveLength(1);
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: stored[0] }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(RECORDING)).toBe(true);
  });
});
