import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { createObjectStore, type ObjectStore, RangeNotSatisfiableError } from './object-store.ts';
import type { S3ObjectStore } from './s3-store.ts';

// s3rver ships no types; this is the part of it the tests use.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance;

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Yields `bytes` in chunks, counting how many chunks the consumer pulled; optionally fails midway. */
function chunked(bytes: Buffer, options: { chunkBytes?: number; failAfterBytes?: number } = {}) {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const state = { pulledBytes: 0 };
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkBytes) {
        if (options.failAfterBytes !== undefined && at >= options.failAfterBytes) {
          throw new Error('client went away');
        }
        const chunk = Buffer.from(bytes.subarray(at, at + chunkBytes));
        state.pulledBytes += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
  return { stream, state };
}

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

interface StoreFixture {
  store: ObjectStore;
  /** Files the store keeps besides finished objects (temp files), where it has any to look at. */
  leftovers(): string[];
}

function behaviourSuite(
  kind: 'local' | 's3',
  setup: () => Promise<StoreFixture & { close(): Promise<void> }>,
) {
  describe(`${kind} object store`, () => {
    let fixture: StoreFixture & { close(): Promise<void> };
    let store: ObjectStore;
    beforeAll(async () => {
      fixture = await setup();
      store = fixture.store;
    });
    afterAll(() => fixture?.close());

    it('is the kind the configuration asks for', () => {
      expect(store.kind).toBe(kind);
    });

    it('stores a streamed body and reports the size and SHA-256 of its bytes', async () => {
      const bytes = randomBytes(300 * 1024 + 17);
      const key = 'recordings/user-1/round-trip.webm';
      const stored = await store.put(key, chunked(bytes).stream, { contentType: 'audio/webm', maxBytes: MB });
      expect(stored).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
      expect(await store.exists(key)).toBe(true);
      expect(Buffer.from(await store.getBytes(key)).equals(bytes)).toBe(true);
      const whole = await store.read(key);
      expect(whole.sizeBytes).toBe(bytes.length);
      expect((await buffer(whole.body)).equals(bytes)).toBe(true);
    });

    it('stores an empty body', async () => {
      const stored = await store.put('docs/empty.txt', Readable.from([]), {
        contentType: 'text/plain',
        maxBytes: 10,
      });
      expect(stored).toEqual({ sizeBytes: 0, sha256: sha256(new Uint8Array()) });
      expect(await store.getBytes('docs/empty.txt')).toHaveLength(0);
    });

    it('reads byte ranges with inclusive ends, clamped to the object', async () => {
      const bytes = randomBytes(5000);
      const key = 'recordings/user-1/ranges.webm';
      await store.put(key, chunked(bytes, { chunkBytes: 999 }).stream, {
        contentType: 'audio/webm',
        maxBytes: MB,
      });

      const middle = await store.read(key, { start: 10, end: 19 });
      expect(middle.sizeBytes).toBe(5000);
      expect((await buffer(middle.body)).equals(bytes.subarray(10, 20))).toBe(true);

      const tail = await store.read(key, { start: 4990 });
      expect((await buffer(tail.body)).equals(bytes.subarray(4990))).toBe(true);

      const past = await store.read(key, { start: 4999, end: 100_000 });
      expect((await buffer(past.body)).equals(bytes.subarray(4999))).toBe(true);

      const error = await store.read(key, { start: 5000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RangeNotSatisfiableError);
      expect((error as RangeNotSatisfiableError).sizeBytes).toBe(5000);
    });

    it('stops reading past maxBytes, stores nothing and throws PAYLOAD_TOO_LARGE', async () => {
      const key = 'recordings/user-1/too-large.webm';
      // Past one multipart part, so S3 has a multipart upload to abort.
      const body = chunked(randomBytes(9 * MB));
      await expectCode(
        store.put(key, body.stream, { contentType: 'audio/webm', maxBytes: 6 * MB }),
        'PAYLOAD_TOO_LARGE',
      );
      expect(await store.exists(key)).toBe(false);
      expect(body.state.pulledBytes).toBeLessThan(9 * MB);
      expect(fixture.leftovers()).toEqual([]);
    });

    it('keeps the previous object when a replacement is refused', async () => {
      const key = 'recordings/user-1/kept.webm';
      const first = randomBytes(1000);
      await store.put(key, chunked(first).stream, { contentType: 'audio/webm', maxBytes: 2000 });
      await expectCode(
        store.put(key, chunked(randomBytes(3000)).stream, { contentType: 'audio/webm', maxBytes: 2000 }),
        'PAYLOAD_TOO_LARGE',
      );
      expect(Buffer.from(await store.getBytes(key)).equals(first)).toBe(true);
    });

    it('leaves nothing behind when the body stream fails midway, and rethrows its error', async () => {
      const key = 'recordings/user-1/aborted.webm';
      const body = chunked(randomBytes(8 * MB), { failAfterBytes: 6 * MB });
      await expect(
        store.put(key, body.stream, { contentType: 'audio/webm', maxBytes: 20 * MB }),
      ).rejects.toThrow('client went away');
      expect(await store.exists(key)).toBe(false);
      expect(fixture.leftovers()).toEqual([]);
    });

    it('deletes objects, and deleting a missing one is no error', async () => {
      const key = 'recordings/user-2/deleted.webm';
      await store.put(key, chunked(randomBytes(10)).stream, { contentType: 'audio/webm', maxBytes: 100 });
      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      await store.delete(key);
      await store.delete('recordings/never/was.webm');
      await expectCode(store.getBytes(key), 'NOT_FOUND');
      await expectCode(store.read(key), 'NOT_FOUND');
    });

    it('refuses keys that are absolute or climb out of the store', async () => {
      for (const key of ['../escape', '/etc/passwd', 'recordings/../../x', 'a//b', 'a\\b', '']) {
        await expect(store.exists(key), key).rejects.toThrow('invalid object key');
        await expect(store.put(key, Readable.from([]), { contentType: 'x/y', maxBytes: 1 })).rejects.toThrow(
          'invalid object key',
        );
      }
    });

    it('streams a 50 MB body without holding it in memory', async () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const total = 50 * MB;
      const chunk = 256 * 1024;
      const digest = createHash('sha256');
      const memory = () => {
        gc();
        const usage = process.memoryUsage();
        return usage.heapUsed + usage.arrayBuffers;
      };
      const baseline = memory();
      let peak = 0;
      const body = Readable.from(
        (function* () {
          for (let at = 0; at < total; at += chunk) {
            // Live memory measured every 4 MB: a store that buffered the body would hold it all by the end.
            if (at % (4 * MB) === 0) peak = Math.max(peak, memory() - baseline);
            const bytes = Buffer.alloc(chunk, at / chunk);
            digest.update(bytes);
            yield bytes;
          }
        })(),
      );
      const stored = await store.put('recordings/user-3/long.webm', body, {
        contentType: 'audio/webm',
        maxBytes: 60 * MB,
      });
      expect(stored).toEqual({ sizeBytes: total, sha256: digest.digest('hex') });
      // Whole-body buffering would hold ≥ 50 MB. The S3 case also counts s3rver, which runs in this
      // process and holds the parts in flight (seen up to ~29 MB on a loaded machine).
      expect(peak).toBeLessThan(40 * MB);
      const head = await store.read('recordings/user-3/long.webm', { start: total - 10 });
      expect((await buffer(head.body)).length).toBe(10);
    }, 120_000);
  });
}

behaviourSuite('local', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agaton-objects-'));
  const store = createObjectStore(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [entry.name],
    );
  return {
    store,
    leftovers: () => files(join(dataDir, 'objects')).filter((name) => name.endsWith('.partial')),
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

behaviourSuite('s3', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'agaton-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const store = createObjectStore(
    loadConfig({
      DATA_DIR: directory,
      JWT_SECRET: 'x'.repeat(32),
      S3_BUCKET: 'agaton-test',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }),
  );
  await (store as S3ObjectStore).client.send(new CreateBucketCommand({ Bucket: 'agaton-test' }));
  return {
    store,
    // Aborted multipart uploads are the server's to clean; the key checks above cover what clients see.
    leftovers: () => [],
    async close() {
      (store as S3ObjectStore).client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe('local object store file modes', () => {
  it('writes objects 0600 in folders 0700, whatever the umask', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agaton-modes-'));
    const previous = process.umask(0o022);
    try {
      const store = createObjectStore(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }));
      await store.put('recordings/user-9/a.webm', Readable.from([Buffer.from('bytes')]), {
        contentType: 'audio/webm',
        maxBytes: MB,
      });
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect(mode(join(dataDir, 'objects', 'recordings', 'user-9', 'a.webm'))).toBe(0o600);
      expect(mode(join(dataDir, 'objects', 'recordings', 'user-9'))).toBe(0o700);
      expect(mode(join(dataDir, 'objects', 'recordings'))).toBe(0o700);
    } finally {
      process.umask(previous);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
