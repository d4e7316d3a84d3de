import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@agaton/contracts';
import { openDatabase, sessions, users } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { multipart } from '../modules/scoring/scoring.test-helper.ts';
import { call, createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

/**
 * A real full disk: a small tmpfs mounted for the test (needs root, as in the dev container and CI
 * image). Where it cannot be mounted the suite is skipped and says so.
 */
function mountTmpfs(sizeBytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'agaton-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

function unmount(dir: string) {
  execFileSync('umount', [dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}

/** Fills the file system of `dir` up to `leaveBytes` free; returns the filler's path. */
function fill(dir: string, leaveBytes: number): string {
  const { bavail, bsize } = statfsSync(dir);
  const filler = join(dir, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leaveBytes)));
  return filler;
}

function allFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const RECORDING = (await import('node:fs')).readFileSync(
  new URL('../seed/demo-recordings/speaker-2251.ogg', import.meta.url),
);

const canMount = (() => {
  const probe = mountTmpfs(64 * 1024);
  if (probe) unmount(probe);
  return probe !== null;
})();
if (!canMount) console.warn('storage-full tests skipped: cannot mount a tmpfs here (needs root)');

describe.skipIf(!canMount)('DATA_DIR full: object store', () => {
  let mount: string;
  let t: TestApp;
  beforeAll(async () => {
    mount = mountTmpfs(512 * 1024)!;
    t = await createTestApp({ DATA_DIR: mount });
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    if (mount) unmount(mount);
  });

  const upload = (token: string, username: string) => {
    const body = multipart(
      {
        username,
        startTime: '2026-11-20T09:00:00.000Z',
        endTime: '2026-11-20T09:00:33.230Z',
        sessionType: 'default',
      },
      { name: 'files', filename: 'meeting.ogg', contentType: 'audio/ogg', data: RECORDING },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/sessions/recordings',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };

  it('answers 507 STORAGE_FULL, keeps no partial file, creates no session and charges no minutes', async () => {
    const coach = await buildUser(t.db, { password: 'Agaton123' });
    const { accessToken } = await signIn(t.app, coach.email, 'Agaton123');
    const filler = fill(mount, 16 * 1024);

    const res = await upload(accessToken, coach.email);
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json().error).toEqual({ code: 'STORAGE_FULL', message: messages.request.storageFull });
    expect(allFiles(join(mount, 'objects'))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, coach.id));
    expect(after.availableRecordingMinutes).toBe(coach.availableRecordingMinutes);

    // Space freed: the same upload goes through.
    rmSync(filler);
    const retry = await upload(accessToken, coach.email);
    expect(retry.statusCode, retry.body).toBe(202);
  });
});

describe.skipIf(!canMount)('DATA_DIR full: PGlite database', () => {
  let mount: string;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    mount = mountTmpfs(80 * 1024 * 1024)!;
    const db = openDatabase({ pgliteDir: join(mount, 'pglite') });
    await db.migrate();
    const config = loadConfig({
      DATA_DIR: mount,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '10000',
      SCORING_WARM: '0',
    });
    app = await buildApp({ config, db: db.db, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await db.close();
    };
  }, 180_000);
  afterAll(async () => {
    await close?.().catch(() => undefined);
    if (mount) unmount(mount);
  });

  it('a write that cannot grow the database answers 507, and the database works once space is freed', async () => {
    const signUp = (email: string) =>
      call(app, 'POST', '/api/authn/sign-up', { body: { email, password: 'Agaton123' } });
    expect((await signUp('before@example.com')).statusCode).toBe(200);

    const filler = fill(mount, 0);
    // Each sign-up adds rows until a page cannot be added; that one gets the clear answer, never a 500.
    let full: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let i = 0; i < 400 && !full; i++) {
      const res = await signUp(`filler-${i}-${'x'.repeat(40)}@example.com`);
      if (res.statusCode !== 200) full = res;
    }
    expect(full?.statusCode, full?.body).toBe(507);
    expect(full?.json().error.code).toBe('STORAGE_FULL');

    rmSync(filler);
    expect((await signUp('after@example.com')).statusCode).toBe(200);
    const signIn = await call(app, 'POST', '/api/authn/password', {
      body: { username: 'before@example.com', password: 'Agaton123', realm: 'whiskey' },
    });
    expect(signIn.statusCode).toBe(200);
  }, 180_000);
});
