import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { QA_LIMITS, type ScorecardDocument } from '@agaton/contracts';
import { qaDocuments, qaQuestionSets } from '@agaton/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_TEXTS,
  type DocumentKind,
  extractDocumentText,
  sniffDocumentHead,
} from './qa-documents.ts';

type DocumentRow = typeof qaDocuments.$inferSelect;

function toDocument(row: DocumentRow): ScorecardDocument {
  return {
    documentId: row.id,
    questionSetId: row.questionSetId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    textChars: row.text.length,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertSetOfOrg(ctx: AppContext, orgId: string, questionSetId: string) {
  const [set] = await ctx.db
    .select({ id: qaQuestionSets.id })
    .from(qaQuestionSets)
    .where(and(eq(qaQuestionSets.id, questionSetId), eq(qaQuestionSets.orgId, orgId)));
  if (!set) throw new AppError('NOT_FOUND');
}

/** GET /api/qa/question-sets/{id}/documents: the scorecard's documents, oldest first. */
export async function listDocuments(
  ctx: AppContext,
  options: { orgId: string; questionSetId: string },
): Promise<ScorecardDocument[]> {
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  const rows = await ctx.db
    .select()
    .from(qaDocuments)
    .where(eq(qaDocuments.questionSetId, options.questionSetId))
    .orderBy(asc(qaDocuments.createdAt));
  return rows.map(toDocument);
}

/** A file name fit to show: no folders, no control characters, at most 255 characters. */
function cleanFileName(name: string | undefined, kind: DocumentKind) {
  const visible = [...(name ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
  const base = basename(visible.replaceAll('\\', '/')).trim();
  return (base || `document.${kind}`).slice(0, 255);
}

/** Passes bytes through after checking the first ones promise a document; remembers the kind. */
function headSniffer(found: { kind: DocumentKind | null }) {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (bytes: Buffer) => {
    found.kind = sniffDocumentHead(bytes);
    if (!found.kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 512) return done();
      try {
        check(head);
      } catch (error) {
        return done(error as Error);
      }
      const out = head;
      head = null;
      done(null, out);
    },
    flush(done) {
      if (!head?.length) return done();
      try {
        check(head);
      } catch (error) {
        return done(error as Error);
      }
      done(null, head);
    },
  });
}

/** The one `documentFile` part written to a temporary file, its type sniffed on the way. */
async function receiveToTempFile(request: FastifyRequest, dir: string) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.notMultipart);
  const path = join(dir, 'upload');
  const found: { kind: DocumentKind | null } = { kind: null };
  let received: { fileName: string | undefined; sizeBytes: number } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: QA_LIMITS.maxDocumentsBytes, files: 1, fields: 5, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'documentFile' || received) {
        part.file.resume();
        continue;
      }
      let sizeBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, headSniffer(found), counter, createWriteStream(path));
      // busboy stops at the limit and marks the file truncated (the plugin throws for it too).
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TEXTS.tooLarge);
      received = { fileName: part.filename, sizeBytes };
    }
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === 'PAYLOAD_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TEXTS.tooLarge);
      throw error;
    }
    const { statusCode, message } = error as { statusCode?: number; message?: string };
    if (statusCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TEXTS.tooLarge);
    if (statusCode && statusCode >= 400 && statusCode < 500) throw new AppError('VALIDATION', message);
    throw error;
  }
  if (!received) throw new AppError('VALIDATION', DOCUMENT_TEXTS.noFile);
  if (received.sizeBytes === 0 || !found.kind) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.empty);
  return { path, kind: found.kind, ...received };
}

/** A received file: where it waits, what its bytes are, and its name as sent. */
interface ReceivedFile {
  path: string;
  kind: DocumentKind;
  fileName: string | undefined;
  sizeBytes: number;
}

/** Extracts the text, then keeps the file in the object store and the text in qa_documents. */
async function keepDocument(
  ctx: AppContext,
  options: {
    orgId: string;
    questionSetId: string;
    adminId: string | null;
    store: ObjectStore;
    file: ReceivedFile;
  },
): Promise<ScorecardDocument> {
  const { orgId, questionSetId, store, file } = options;
  const text = await extractDocumentText(file.path, file.kind);
  const contentType = DOCUMENT_CONTENT_TYPES[file.kind];
  const objectKey = `qa-documents/${orgId}/${questionSetId}/${randomUUID()}.${file.kind}`;
  await store.put(objectKey, Readable.from(createReadStream(file.path)), {
    contentType,
    maxBytes: QA_LIMITS.maxDocumentsBytes,
  });
  try {
    const [row] = await ctx.db
      .insert(qaDocuments)
      .values({
        questionSetId,
        fileName: cleanFileName(file.fileName, file.kind),
        contentType,
        sizeBytes: file.sizeBytes,
        objectKey,
        text,
        uploadedBy: options.adminId,
      })
      .returning();
    return toDocument(row);
  } catch (error) {
    // The scorecard may have been deleted meanwhile: keep no orphan object.
    await store.delete(objectKey);
    throw error;
  }
}

/** Runs `work` with a temporary folder that is removed afterwards, whatever happens. */
async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'agaton-qa-doc-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * POST /api/qa/question-sets/{id}/documents: one PDF, DOCX or TXT (multipart `documentFile`, at most
 * 100 MB) told by its bytes (415 otherwise), its text extracted (422 when there is none), the file
 * kept in the object store and the text in qa_documents for the answerer.
 */
export async function uploadDocument(
  ctx: AppContext,
  options: {
    orgId: string;
    adminId: string;
    questionSetId: string;
    request: FastifyRequest;
    store: ObjectStore;
  },
): Promise<ScorecardDocument> {
  // Before reading the body: an unknown scorecard is refused at once.
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  return withTempDir(async (dir) => {
    const file = await receiveToTempFile(options.request, dir);
    return keepDocument(ctx, { ...options, file });
  });
}

/**
 * The same as an upload, from bytes in hand (seeds and scripts): the same type check, limits and
 * text extraction.
 */
export async function addDocument(
  ctx: AppContext,
  options: {
    orgId: string;
    questionSetId: string;
    fileName: string;
    bytes: Uint8Array;
    store: ObjectStore;
    adminId?: string;
  },
): Promise<ScorecardDocument> {
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  if (options.bytes.length > QA_LIMITS.maxDocumentsBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TEXTS.tooLarge);
  if (options.bytes.length === 0) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.empty);
  const kind = sniffDocumentHead(options.bytes.subarray(0, 512));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  return withTempDir(async (dir) => {
    const path = join(dir, 'upload');
    await writeFile(path, options.bytes);
    const file = { path, kind, fileName: options.fileName, sizeBytes: options.bytes.length };
    return keepDocument(ctx, { ...options, adminId: options.adminId ?? null, file });
  });
}

/** DELETE /api/qa/question-sets/{id}/documents/{documentId}: the row and the stored file. */
export async function deleteDocument(
  ctx: AppContext,
  options: { orgId: string; questionSetId: string; documentId: string; store: ObjectStore },
) {
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  const [row] = await ctx.db
    .delete(qaDocuments)
    .where(and(eq(qaDocuments.id, options.documentId), eq(qaDocuments.questionSetId, options.questionSetId)))
    .returning({ objectKey: qaDocuments.objectKey });
  if (!row) throw new AppError('NOT_FOUND');
  await options.store.delete(row.objectKey);
}
