import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../lib/app-error.ts';
import { assertObjectKey, MeteringStream, RangeNotSatisfiableError, resolveRange } from './local-store.ts';
import type { ByteRange, ObjectStore, PutOptions, StoredObject } from './object-store.ts';

export interface S3StoreOptions {
  bucket: string;
  /** MinIO, Ceph, R2…; unset = AWS. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset = the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Multipart part size: S3's minimum. The upload holds at most PART_QUEUE parts in flight plus the one
 * being filled, so a put buffers about 15 MB whatever the recording's length.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PART_QUEUE = 2;

function statusOf(error: unknown) {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown) {
  return (
    statusOf(error) === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound'
  );
}

/** Objects in an S3-compatible bucket, streamed in and out through the AWS SDK. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // The SDK's default adds CRC checksums to every upload (streamed as aws-chunked trailers), which
      // many self-hosted S3 servers reject; our own SHA-256 is what the app relies on.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: NodeJS.ReadableStream | Readable, options: PutOptions): Promise<StoredObject> {
    assertObjectKey(key);
    const meter = new MeteringStream(options.maxBytes);
    // The body's and the meter's errors (client aborted, too large) reach the upload as the meter's
    // error, and the upload then aborts its multipart upload, so no object appears under the key.
    const piping = pipeline(body, meter);
    let pipeError: unknown;
    piping.catch((error) => {
      pipeError = error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: meter, ContentType: options.contentType },
      partSize: PART_BYTES,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      await piping;
    } catch (error) {
      // An S3 failure leaves the body unread; stop it rather than let the client hang.
      meter.destroy();
      await piping.catch(() => {});
      throw pipeError ?? error;
    }
    return meter.result();
  }

  async getBytes(key: string): Promise<Uint8Array> {
    assertObjectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!response.Body) throw new Error(`S3 returned no body for ${key}`);
      return await response.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<{ body: Readable; sizeBytes: number }> {
    assertObjectKey(key);
    if (range) resolveRange(range, Number.POSITIVE_INFINITY); // validates the numbers
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      // "bytes 0-99/1234" names the whole object's size; without a range, the length is the size.
      const total = response.ContentRange?.match(/\/(\d+)$/)?.[1];
      const sizeBytes = total ? Number(total) : (response.ContentLength ?? 0);
      return { body: response.Body as Readable, sizeBytes };
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND');
      if (statusOf(error) === 416) {
        const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        throw new RangeNotSatisfiableError(head.ContentLength ?? 0);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
