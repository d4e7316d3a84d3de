import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type CallDetail,
  type CallList,
  callUploadFieldsSchema,
  QA_LIMITS,
  RECORDING,
  type TranscriptLine,
} from '@agaton/contracts';
import { members, qaCalls, qaItems, type StoredTranscriptLine } from '@agaton/db';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import { readMultipart } from '../../../lib/multipart.ts';
import type { OrgActor } from '../../../lib/policy.ts';
import type { ObjectStore } from '../../../providers/storage/object-store.ts';
import { extensionOf, playbackLink, RECORDING_MIME, sniffed } from '../../recordings/index.ts';
import type { QaJobs } from '../answering/index.ts';
import { agentForUpload, agentScope } from '../qa-scope.ts';
import { assignSpeakers, parseTranscriptFile } from './transcript-formats.ts';

export const CALL_UPLOAD_TEXTS = {
  notMultipart: 'Send the call as multipart/form-data with an "audio" and/or a "transcript" file.',
  noFiles: 'The request has neither an "audio" nor a "transcript" file.',
  audioUnsupported: `This recording type is not supported. Upload ${RECORDING.extensions.join(', ')}.`,
  transcriptUnsupported: 'This transcript type is not supported. Upload WebVTT (.vtt) or JSON (.json).',
  audioTooLarge: `The recording is larger than ${QA_LIMITS.maxCallAudioBytes / 1024 / 1024} MB.`,
  transcriptTooLarge: `The transcript is larger than ${QA_LIMITS.maxCallTranscriptBytes / 1024 / 1024} MB.`,
  emptyAudio: 'The recording is empty.',
  notUtf8: 'The transcript is not UTF-8 text.',
  /** Retry and remove apply to a call whose analysis failed. */
  notFailed: 'Only a call whose analysis failed can be retried or removed.',
} as const;

const TRANSCRIPT_MIME = /^(text\/(vtt|plain)|application\/(json|octet-stream)|text\/json)$/i;
const TRANSCRIPT_EXT = /\.(vtt|json)$/i;

type Fields = ReturnType<typeof callUploadFieldsSchema.parse>;

function parseFields(raw: Record<string, string>): Fields {
  const parsed = callUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('VALIDATION', undefined, {
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}

interface StoredAudio {
  objectKey: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * POST /api/qa/calls: reads the multipart body (text fields, an `audio` file streamed to the object
 * store after its first bytes look like a recording, a `transcript` file of at most
 * QA_LIMITS.maxCallTranscriptBytes kept in memory), checks the agent (404 unknown or another
 * organisation's, 403 outside a manager's teams — before any file is stored when the fields come
 * first, as our client sends them), saves the call and queues its analysis. On any refusal nothing
 * stays stored.
 */
export async function uploadCall(
  ctx: AppContext,
  request: FastifyRequest,
  options: { actor: OrgActor; store: ObjectStore; jobs: QaJobs },
): Promise<{ callId: string; status: 'queued' }> {
  const { actor, store, jobs } = options;
  let checked: { fields: Fields; agent: { id: string; name: string } } | null = null;
  const check = async (raw: Readonly<Record<string, string>>) => {
    if (checked) return checked;
    const fields = parseFields(raw);
    const agent = await agentForUpload(ctx, actor, fields.agentIdentityId);
    checked = { fields, agent };
    return checked;
  };
  const { fields: raw, files } = await readMultipart(request, {
    notMultipart: CALL_UPLOAD_TEXTS.notMultipart,
    tooLarge: CALL_UPLOAD_TEXTS.audioTooLarge,
    limits: { fileSize: QA_LIMITS.maxCallAudioBytes + 1, files: 2, fields: 10, fieldSize: 1024 },
    files: {
      audio: {
        read: async (part, fields): Promise<StoredAudio> => {
          const ext = extensionOf(part.filename ?? '', part.mimetype ?? '');
          if (!ext || (part.mimetype && !RECORDING_MIME.test(part.mimetype))) {
            part.file.resume();
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', CALL_UPLOAD_TEXTS.audioUnsupported);
          }
          if (fields.agentIdentityId) await check(fields);
          const objectKey = `qa-calls/${actor.orgId}/${randomUUID()}.${ext}`;
          const contentType = part.mimetype || 'application/octet-stream';
          const stored = await store.put(objectKey, Readable.from(sniffed(part.file)), {
            contentType,
            maxBytes: QA_LIMITS.maxCallAudioBytes,
          });
          return { objectKey, contentType, sizeBytes: stored.sizeBytes };
        },
      },
      transcript: {
        tooLarge: CALL_UPLOAD_TEXTS.transcriptTooLarge,
        read: async (part, fields) => {
          const typeOk =
            TRANSCRIPT_EXT.test(part.filename ?? '') || TRANSCRIPT_MIME.test(part.mimetype ?? '');
          if (!typeOk) {
            part.file.resume();
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', CALL_UPLOAD_TEXTS.transcriptUnsupported);
          }
          if (fields.agentIdentityId) await check(fields);
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > QA_LIMITS.maxCallTranscriptBytes) {
              part.file.resume();
              throw new AppError('PAYLOAD_TOO_LARGE', CALL_UPLOAD_TEXTS.transcriptTooLarge);
            }
            chunks.push(chunk);
          }
          try {
            return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
          } catch {
            throw new AppError('VALIDATION', CALL_UPLOAD_TEXTS.notUtf8);
          }
        },
      },
    },
    discard: async ({ audio }) => {
      if (audio) await store.delete(audio.objectKey);
    },
  });
  const audio = files.audio ?? null;
  const transcriptText = files.transcript ?? null;
  let callId: string;
  try {
    if (!audio && transcriptText === null) throw new AppError('VALIDATION', CALL_UPLOAD_TEXTS.noFiles);
    const { fields, agent } = await check(raw);
    if (audio?.sizeBytes === 0) throw new AppError('UNPROCESSABLE', CALL_UPLOAD_TEXTS.emptyAudio);
    callId = await saveCall(ctx, {
      orgId: actor.orgId,
      adminId: actor.adminId,
      agent,
      title: fields.title,
      occurredAt: fields.occurredAt ? new Date(fields.occurredAt) : new Date(),
      transcriptText,
      audio,
    });
  } catch (error) {
    if (audio) await store.delete(audio.objectKey);
    throw error;
  }
  // Saved: from here a failure to queue leaves the call queued, taken up when the workers start.
  await jobs.enqueueCallAnalysis(callId);
  return { callId, status: 'queued' };
}

/** Saves a call whose files are checked (its recording stored); the transcript is parsed here (400). */
export async function saveCall(
  ctx: AppContext,
  input: {
    orgId: string;
    adminId: string | null;
    agent: { id: string; name: string };
    title: string;
    occurredAt: Date;
    transcriptText: string | null;
    audio: StoredAudio | null;
  },
): Promise<string> {
  const { audio } = input;
  const transcript =
    input.transcriptText === null
      ? null
      : assignSpeakers(parseTranscriptFile(input.transcriptText), input.agent.name);
  const [call] = await ctx.db
    .insert(qaCalls)
    .values({
      orgId: input.orgId,
      agentMemberId: input.agent.id,
      source: 'UPLOAD',
      title: input.title,
      occurredAt: input.occurredAt,
      objectKey: audio?.objectKey ?? null,
      contentType: audio?.contentType ?? null,
      sizeBytes: audio?.sizeBytes ?? null,
      durationSeconds: transcript?.length ? Math.max(...transcript.map((l) => l.end)) : null,
      transcriptSource: transcript ? 'UPLOAD' : null,
      transcript,
      uploadedBy: input.adminId,
    })
    .returning({ id: qaCalls.id });
  return call.id;
}

/**
 * A call from files in memory (the demo seed), as POST /api/qa/calls does it, for an agent member of
 * the organisation; its analysis is queued. `audio.fileName` gives the recording's extension.
 */
export async function createCallFromFiles(
  ctx: AppContext,
  deps: { store: ObjectStore; jobs: QaJobs },
  input: {
    orgId: string;
    agentMemberId: string;
    title: string;
    occurredAt: Date;
    transcriptText?: string;
    audio?: { bytes: Uint8Array; fileName: string; contentType: string };
  },
): Promise<string> {
  const { store, jobs } = deps;
  const [agent] = await ctx.db
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(and(eq(members.id, input.agentMemberId), eq(members.orgId, input.orgId)));
  if (!agent) throw new AppError('NOT_FOUND', 'No such agent in the organisation.');
  if (!input.audio && input.transcriptText === undefined) {
    throw new AppError('VALIDATION', CALL_UPLOAD_TEXTS.noFiles);
  }
  let audio: StoredAudio | null = null;
  if (input.audio) {
    const ext = extensionOf(input.audio.fileName, input.audio.contentType);
    if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CALL_UPLOAD_TEXTS.audioUnsupported);
    const objectKey = `qa-calls/${input.orgId}/${randomUUID()}.${ext}`;
    const body = Readable.from(sniffed(Readable.from([Buffer.from(input.audio.bytes)])));
    const stored = await store.put(objectKey, body, {
      contentType: input.audio.contentType,
      maxBytes: QA_LIMITS.maxCallAudioBytes,
    });
    audio = { objectKey, contentType: input.audio.contentType, sizeBytes: stored.sizeBytes };
  }
  let callId: string;
  try {
    callId = await saveCall(ctx, {
      orgId: input.orgId,
      adminId: null,
      agent,
      title: input.title,
      occurredAt: input.occurredAt,
      transcriptText: input.transcriptText ?? null,
      audio,
    });
  } catch (error) {
    if (audio) await store.delete(audio.objectKey);
    throw error;
  }
  await jobs.enqueueCallAnalysis(callId);
  return callId;
}

// ---------------------------------------------------------------------------------------------------
// Reading a call
// ---------------------------------------------------------------------------------------------------

export const indexedLines = (lines: StoredTranscriptLine[] | null): TranscriptLine[] =>
  (lines ?? []).map((l, index) => ({ index, ...l }));

/** Calls with their agent's name and e-mail and their QA item (if analysed): what toCallDetail reads. */
const callRows = (ctx: AppContext) =>
  ctx.db
    .select({ call: qaCalls, agentName: members.name, agentEmail: members.email, qcItemId: qaItems.id })
    .from(qaCalls)
    .innerJoin(members, eq(members.id, qaCalls.agentMemberId))
    .leftJoin(qaItems, eq(qaItems.callId, qaCalls.id));

/** A call the actor may see with its transcript; 404 outside the organisation or the team scope. */
export async function getCall(ctx: AppContext, actor: OrgActor, callId: string): Promise<CallDetail> {
  const [row] = await callRows(ctx).where(
    and(
      eq(qaCalls.id, callId),
      eq(qaCalls.orgId, actor.orgId),
      agentScope(ctx, actor, qaCalls.agentMemberId),
    ),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toCallDetail(ctx, row, actor);
}

/** A call as the contract shows it; its recording link is bound to the actor's sign-in. */
export function toCallDetail(
  ctx: AppContext,
  row: { call: typeof qaCalls.$inferSelect; agentName: string; agentEmail: string; qcItemId: string | null },
  actor: Pick<OrgActor, 'familyId'>,
): CallDetail {
  const c = row.call;
  return {
    callId: c.id,
    title: c.title,
    source: c.source,
    sessionId: c.sessionId,
    agent: { identityId: c.agentMemberId, name: row.agentName, email: row.agentEmail },
    occurredAt: c.occurredAt.toISOString(),
    durationSeconds: c.durationSeconds,
    status: c.status,
    error: c.error,
    transcriptSource: c.transcriptSource,
    recordingUrl: c.objectKey
      ? playbackLink({
          secret: ctx.config.JWT_SECRET,
          purpose: 'qa-call-recording',
          id: c.id,
          path: `/api/qa/calls/${c.id}/recording`,
          familyId: actor.familyId,
        })
      : null,
    qcItemId: row.qcItemId,
    transcript: indexedLines(c.transcript),
  };
}

/** The stored recording of a call (for the signed playback link). */
export async function callRecording(ctx: AppContext, callId: string) {
  const [row] = await ctx.db
    .select({ objectKey: qaCalls.objectKey, contentType: qaCalls.contentType, sizeBytes: qaCalls.sizeBytes })
    .from(qaCalls)
    .where(eq(qaCalls.id, callId));
  if (!row?.objectKey || row.sizeBytes === null) throw new AppError('NOT_FOUND');
  return {
    objectKey: row.objectKey,
    contentType: row.contentType ?? 'application/octet-stream',
    sizeBytes: row.sizeBytes,
  };
}

// ---------------------------------------------------------------------------------------------------
// The Upload call list: calls being analysed or failed, from the database
// ---------------------------------------------------------------------------------------------------

/**
 * The calls the actor sees that are waiting, being analysed or failed, and the actor's own uploads
 * analysed in the last QA_LIMITS.recentCallMinutes: the Upload call list, the same after a reload,
 * in another tab or for another manager of the agent's team.
 */
export async function listCalls(ctx: AppContext, actor: OrgActor): Promise<CallList> {
  const recent = new Date(Date.now() - QA_LIMITS.recentCallMinutes * 60_000);
  const rows = await callRows(ctx)
    .where(
      and(
        eq(qaCalls.orgId, actor.orgId),
        agentScope(ctx, actor, qaCalls.agentMemberId),
        or(
          inArray(qaCalls.status, ['queued', 'running', 'failed']),
          // Their own uploads just analysed, with the way to the report; the rest is in the table.
          and(
            eq(qaCalls.status, 'done'),
            gte(qaCalls.analysedAt, recent),
            eq(qaCalls.uploadedBy, actor.adminId),
          ),
        ),
      ),
    )
    .orderBy(desc(qaCalls.createdAt), desc(qaCalls.id))
    .limit(QA_LIMITS.callListSize);
  return {
    calls: rows.map((row) => toCallDetail(ctx, row, actor)).map(({ transcript: _, ...call }) => call),
  };
}

/** A failed call of the actor's scope (404 otherwise, 409 when it did not fail). */
async function failedCall(ctx: AppContext, actor: OrgActor, callId: string) {
  const [call] = await ctx.db
    .select({ id: qaCalls.id, status: qaCalls.status, source: qaCalls.source, objectKey: qaCalls.objectKey })
    .from(qaCalls)
    .where(
      and(
        eq(qaCalls.id, callId),
        eq(qaCalls.orgId, actor.orgId),
        agentScope(ctx, actor, qaCalls.agentMemberId),
      ),
    );
  if (!call) throw new AppError('NOT_FOUND');
  if (call.status !== 'failed') throw new AppError('CONFLICT', CALL_UPLOAD_TEXTS.notFailed);
  return call;
}

/** Queues a failed call's analysis again (a transient failure, or after the engine was fixed). */
export async function retryCall(
  ctx: AppContext,
  actor: OrgActor,
  callId: string,
  jobs: QaJobs,
): Promise<{ callId: string; status: 'queued' }> {
  await failedCall(ctx, actor, callId);
  const [updated] = await ctx.db
    .update(qaCalls)
    .set({ status: 'queued', error: null })
    .where(and(eq(qaCalls.id, callId), eq(qaCalls.status, 'failed')))
    .returning({ id: qaCalls.id });
  if (!updated) throw new AppError('CONFLICT', CALL_UPLOAD_TEXTS.notFailed);
  await jobs.enqueueCallAnalysis(callId);
  return { callId, status: 'queued' };
}

/**
 * Removes a failed call and its uploaded recording. A coach session's recording stays: it is the
 * session's (its call is made again only if the session is analysed again).
 */
export async function removeCall(ctx: AppContext, actor: OrgActor, callId: string, store: ObjectStore) {
  const call = await failedCall(ctx, actor, callId);
  const [removed] = await ctx.db
    .delete(qaCalls)
    .where(and(eq(qaCalls.id, callId), eq(qaCalls.status, 'failed')))
    .returning({ id: qaCalls.id });
  if (!removed) throw new AppError('CONFLICT', CALL_UPLOAD_TEXTS.notFailed);
  if (call.source === 'UPLOAD' && call.objectKey) await store.delete(call.objectKey);
}
