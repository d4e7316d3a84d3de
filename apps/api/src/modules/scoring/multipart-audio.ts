import { errorBodySchema, SCORING_LIMITS as L } from '@agaton/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { errorResponses } from '../../lib/route-kit.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

/** Upload types that can hold audio; anything else is refused before decoding (415). */
const AUDIO_MIME = /^(audio\/|video\/(webm|mp4|ogg)|application\/(octet-stream|ogg))/i;

export interface AudioUpload {
  audio: Uint8Array;
  fields: Record<string, string>;
}

export interface ReadAudioOptions {
  /** Largest accepted "audio" file in bytes (SCORING_UPLOAD_LIMIT_BYTES). */
  maxUploadBytes: number;
}

/** Reads one "audio" file and the text fields of a multipart request, within the upload limits. */
export async function readAudioUpload(
  request: FastifyRequest,
  { maxUploadBytes }: ReadAudioOptions,
): Promise<AudioUpload> {
  const { fields, files } = await readMultipart(request, {
    notMultipart: T.notMultipart,
    tooLarge: T.tooLarge(maxUploadBytes),
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 4 * L.maxTextChars },
    files: {
      audio: {
        read: async (part) => {
          if (part.mimetype && !AUDIO_MIME.test(part.mimetype)) {
            // Drain the stream so the connection stays usable, then refuse.
            part.file.resume();
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', T.unsupported);
          }
          const buffer = await part.toBuffer();
          return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        },
      },
    },
  });
  const { audio } = files;
  if (!audio) throw new AppError('VALIDATION', T.noAudio);
  if (audio.byteLength === 0) throw new AppError('UNPROCESSABLE', T.empty);
  // A private copy: the worker takes ownership of the bytes when they are transferred.
  return { audio: audio.slice(), fields };
}

/** The `upload` route config (plugins/slow-clients.ts) of a route that reads one scored recording. */
export function scoringUpload(maxBytes: number) {
  return { maxBytes, tooLarge: T.tooLarge(maxBytes) };
}

/** A required, trimmed text field within the length limit. */
export function requiredText(fields: Record<string, string>, name: string, missing: string): string {
  const value = fields[name]?.trim() ?? '';
  if (!value) throw new AppError('VALIDATION', missing);
  if (value.length > L.maxTextChars) throw new AppError('VALIDATION', T.textTooLong);
  return value;
}

/** The error answers of a route that takes a recording (OpenAPI). */
export const recordingUploadErrors = {
  ...errorResponses,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
} as const;

/** A JSON text field (the recording's `meta`), parsed and validated: 400 with the fields at fault. */
export function jsonField<S extends z.ZodType>(
  raw: string | undefined,
  schema: S,
  name = 'meta',
): z.output<S> {
  if (!raw) throw new AppError('VALIDATION', `The request needs a "${name}" field (JSON).`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION', `The "${name}" field is not valid JSON.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      path: `${name}.${i.path.join('.')}`,
      message: i.message,
    }));
    throw new AppError('VALIDATION', undefined, { details });
  }
  return parsed.data;
}
