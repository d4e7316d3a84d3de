import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config/env.ts';
import { LocalObjectStore } from './local-store.ts';
import { S3ObjectStore } from './s3-store.ts';

// The helpers both stores share live beside the local store (importing them from here would be a cycle).
export { RangeNotSatisfiableError } from './local-store.ts';

export interface StoredObject {
  sizeBytes: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

/** Inclusive byte range, as HTTP Range headers have it; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface PutOptions {
  contentType: string;
  /** Largest body accepted; past it the upload is abandoned and PAYLOAD_TOO_LARGE thrown. */
  maxBytes: number;
}

/** Where recordings and documents live: a folder under DATA_DIR, or an S3-compatible bucket. */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` to `key` without holding it whole in memory; computes size and SHA-256 on the way.
   * Past `maxBytes` it stops reading, removes what was written and throws AppError('PAYLOAD_TOO_LARGE').
   * A body stream that errors (client aborted) also leaves nothing behind and rethrows its error.
   * An object already at `key` stays as it was unless the new one is stored whole.
   */
  put(key: string, body: NodeJS.ReadableStream | Readable, options: PutOptions): Promise<StoredObject>;
  /** Whole object as bytes (analysis reads recordings this way). AppError('NOT_FOUND') when missing. */
  getBytes(key: string): Promise<Uint8Array>;
  /**
   * A stream of the object or of a byte range (inclusive end, clamped to the object), for HTTP Range
   * playback. `sizeBytes` is the whole object's. AppError('NOT_FOUND') when missing;
   * RangeNotSatisfiableError when `start` lies past the last byte.
   */
  read(key: string, range?: ByteRange): Promise<{ body: Readable; sizeBytes: number }>;
  /** Removes the object; no error when it is missing. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type ObjectStoreConfig = Pick<
  AppConfig,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The S3 bucket when S3_BUCKET is set, otherwise the folder DATA_DIR/objects. */
export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  if (config.S3_BUCKET) {
    return new S3ObjectStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalObjectStore(config.DATA_DIR);
}
