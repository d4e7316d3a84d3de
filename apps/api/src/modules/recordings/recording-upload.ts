import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { RECORDING } from '@agaton/contracts';
import { sniffFormat } from '@agaton/speech/sniff';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { checkedHead, readMultipart } from '../../lib/multipart.ts';
import type { ObjectStore, StoredObject } from '../../providers/storage/object-store.ts';

/**
 * Recording uploads (session recordings; QA calls use the sniffing and extension checks for their
 * own part): the container's type checked from its first bytes, streamed into the object store. The
 * multipart form itself is read by lib/multipart.ts, as for every upload.
 */

/** Containers a browser or a phone records meetings in; anything else is refused (415). */
export const RECORDING_MIME = /^(audio\/|video\/(webm|mp4|ogg|quicktime)|application\/(octet-stream|ogg))/i;
const EXTENSION_BY_MIME: [RegExp, string][] = [
  [/webm/i, 'webm'],
  [/ogg|opus/i, 'ogg'],
  [/mp4|m4a|aac|quicktime/i, 'm4a'],
  [/mpeg|mp3/i, 'mp3'],
  [/wav|wave/i, 'wav'],
];

export const UPLOAD_TEXTS = {
  notMultipart: 'Send the recording as multipart/form-data with a "files" part.',
  noFile: 'The request has no recording in "files".',
  unsupported: `This file type is not supported. Upload ${RECORDING.extensions.join(', ')}.`,
  empty: 'The recording is empty.',
  tooLarge: (bytes: number) => `The recording is larger than ${Math.round(bytes / 1024 / 1024)} MB.`,
} as const;

export interface UploadedRecording extends StoredObject {
  objectKey: string;
  contentType: string;
  fields: Record<string, string>;
}

/** Bytes enough to tell every container we decode from its first bytes (ID3 tags aside). */
const SNIFF_BYTES = 64;

/**
 * The upload, passed on once its first bytes look like a recording container; a mislabelled file
 * fails at once (415) and never reaches storage or the analysis.
 */
export function sniffed(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  return checkedHead(source, SNIFF_BYTES, (head) => {
    if (!sniffFormat(new Uint8Array(head)))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TEXTS.unsupported);
  });
}

/** The file's extension from its name, else from its type; null when neither is a recording. */
export function extensionOf(filename: string, mimetype: string): string | null {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext && (RECORDING.extensions as readonly string[]).includes(ext)) return ext;
  return EXTENSION_BY_MIME.find(([pattern]) => pattern.test(mimetype))?.[1] ?? null;
}

/**
 * Streams the one `files` part of a multipart upload into object storage (never whole in memory)
 * and collects the text fields, whichever order they come in. On any failure nothing stays stored.
 */
export async function receiveRecording(
  request: FastifyRequest,
  options: { store: ObjectStore; userId: string; maxBytes: number },
): Promise<UploadedRecording> {
  const { fields, files } = await readMultipart(request, {
    notMultipart: UPLOAD_TEXTS.notMultipart,
    // The store's size check (also PAYLOAD_TOO_LARGE, in general words) takes the recording's text.
    tooLarge: UPLOAD_TEXTS.tooLarge(options.maxBytes),
    // The file's own limit is enforced by the store while it streams, so a too-large body stops early.
    limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 1024 },
    files: {
      files: {
        read: async (part) => {
          const ext = extensionOf(part.filename ?? '', part.mimetype ?? '');
          if (!ext || (part.mimetype && !RECORDING_MIME.test(part.mimetype))) {
            part.file.resume();
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TEXTS.unsupported);
          }
          const objectKey = `recordings/${options.userId}/${randomUUID()}.${ext}`;
          const contentType = part.mimetype || 'application/octet-stream';
          const body = Readable.from(sniffed(part.file));
          const result = await options.store.put(objectKey, body, {
            contentType,
            maxBytes: options.maxBytes,
          });
          return { ...result, objectKey, contentType };
        },
      },
    },
    discard: async ({ files: stored }) => {
      if (stored) await options.store.delete(stored.objectKey);
    },
  });
  const stored = files.files;
  if (!stored) throw new AppError('VALIDATION', UPLOAD_TEXTS.noFile);
  if (stored.sizeBytes === 0) {
    await options.store.delete(stored.objectKey);
    throw new AppError('UNPROCESSABLE', UPLOAD_TEXTS.empty);
  }
  return { ...stored, fields };
}
