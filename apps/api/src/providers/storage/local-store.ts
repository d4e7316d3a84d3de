import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.ts';
import type { ByteRange, ObjectStore, PutOptions, StoredObject } from './object-store.ts';

/**
 * Keys are relative slash-separated paths (`recordings/<userId>/<uuid>.webm`). Both stores refuse
 * anything that could leave the store's root as a folder path, so a key means the same in either.
 */
export function assertObjectKey(key: string): void {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.startsWith('/') ||
    /[\\\0]/.test(key) ||
    /^[A-Za-z]:/.test(key) ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}

/** A range that starts past the end of the object; a route answers 416 with `bytes *\/sizeBytes`. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly sizeBytes: number) {
    super(`range not satisfiable (object has ${sizeBytes} bytes)`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Resolves a range against the object's size to inclusive [start, end], clamping the end. */
export function resolveRange(range: ByteRange, sizeBytes: number): { start: number; end: number } {
  const { start, end } = range;
  if (
    !Number.isInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isInteger(end) || end < start))
  ) {
    throw new Error(`invalid byte range ${start}-${end ?? ''}`);
  }
  if (start >= sizeBytes) throw new RangeNotSatisfiableError(sizeBytes);
  return { start, end: Math.min(end ?? sizeBytes - 1, sizeBytes - 1) };
}

/**
 * Passes bytes through while counting and hashing them; fails with PAYLOAD_TOO_LARGE as soon as the
 * count passes `maxBytes`, which makes the pipeline stop reading the source.
 */
export class MeteringStream extends Transform {
  sizeBytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    this.sizeBytes += bytes.length;
    if (this.sizeBytes > this.maxBytes) {
      callback(new AppError('PAYLOAD_TOO_LARGE'));
      return;
    }
    this.hash.update(bytes);
    callback(null, bytes);
  }

  /** Size and digest; call once, after the last byte went through. */
  result(): StoredObject {
    return { sizeBytes: this.sizeBytes, sha256: this.hash.digest('hex') };
  }
}

function isMissing(error: unknown) {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Objects as files under DATA_DIR/objects/<key>; the embedded default. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'objects');
  }

  private path(key: string) {
    assertObjectKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: NodeJS.ReadableStream | Readable, options: PutOptions): Promise<StoredObject> {
    const target = this.path(key);
    // Owner only (decision 020): recordings are personal data.
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    // Written beside the target and renamed over it once complete and synced: rename is atomic within
    // a folder, so a crash or a failed upload never leaves a partial object under the real key.
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);
    const meter = new MeteringStream(options.maxBytes);
    try {
      await pipeline(body, meter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return meter.result();
  }

  async getBytes(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<{ body: Readable; sizeBytes: number }> {
    const path = this.path(key);
    // Opened first so the size and the bytes come from the same file even if a put renames over it.
    const handle = await open(path, 'r').catch((error) => {
      throw isMissing(error) ? new AppError('NOT_FOUND') : error;
    });
    try {
      const { size } = await handle.stat();
      const bounds = range ? resolveRange(range, size) : undefined;
      const body = createReadStream('', {
        fd: handle,
        start: bounds?.start,
        end: bounds?.end,
        autoClose: true,
      });
      return { body, sizeBytes: size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
