import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { QA_LIMITS, type ScorecardDocument } from '@agaton/contracts';
import { type Database, qaDocuments, qaQuestionSets, type Transaction } from '@agaton/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import type { ObjectStore } from '../../../providers/storage/object-store.ts';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_TEXTS,
  type DocumentKind,
  sniffDocumentHead,
} from './qa-documents.ts';
import { type DocumentExtractor, documentExtractor } from './qa-documents-extractor.ts';
import { type ReceivedFile, receiveToTempFile } from './qa-documents-receive.ts';

type DocumentRow = typeof qaDocuments.$inferSelect;

/**
 * Multipart bytes around the file in a request from a real client (boundaries, the part's headers,
 * a few small fields): a Content-Length beyond the allowance by more than this cannot fit.
 */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

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

/** Bytes a scorecard's documents take together (spec 3 §5: at most QA_LIMITS.maxDocumentsBytes). */
async function storedBytes(db: Database | Transaction, questionSetId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${qaDocuments.sizeBytes}), 0)` })
    .from(qaDocuments)
    .where(eq(qaDocuments.questionSetId, questionSetId));
  return Number(row?.total ?? 0);
}

/** The 413 for a document of (at least) `sizeBytes`: its own limit when it alone is over, else the combined one. */
const tooLarge = (sizeBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    sizeBytes > QA_LIMITS.maxDocumentsBytes ? DOCUMENT_TEXTS.tooLarge : DOCUMENT_TEXTS.combinedTooLarge,
  );

/** 413 unless a document of `sizeBytes` fits beside the scorecard's others; the bytes left otherwise. */
async function assertRoom(db: Database | Transaction, questionSetId: string, sizeBytes: number) {
  const left = QA_LIMITS.maxDocumentsBytes - (await storedBytes(db, questionSetId));
  if (sizeBytes > left) throw tooLarge(sizeBytes);
  return left;
}

/**
 * Extracts the text, then keeps the file in the object store and the text in qa_documents. The
 * combined limit is checked again with the scorecard's row locked, so two uploads that each fit
 * alone cannot both be kept.
 */
async function keepDocument(
  ctx: AppContext,
  options: {
    orgId: string;
    questionSetId: string;
    adminId: string | null;
    store: ObjectStore;
    file: ReceivedFile;
    /** The process's extractor unless a caller (a test) brings its own limits. */
    extractor?: DocumentExtractor;
  },
): Promise<ScorecardDocument> {
  const { orgId, questionSetId, store, file } = options;
  // Others may have been kept while this one arrived: no worker is spent on a document refused anyway.
  await assertRoom(ctx.db, questionSetId, file.sizeBytes);
  const text = await (options.extractor ?? documentExtractor).extract(file.path, file.kind);
  const contentType = DOCUMENT_CONTENT_TYPES[file.kind];
  const objectKey = `qa-documents/${orgId}/${questionSetId}/${randomUUID()}.${file.kind}`;
  await store.put(objectKey, Readable.from(createReadStream(file.path)), {
    contentType,
    maxBytes: QA_LIMITS.maxDocumentsBytes,
  });
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [set] = await tx
        .select({ id: qaQuestionSets.id })
        .from(qaQuestionSets)
        .where(eq(qaQuestionSets.id, questionSetId))
        .for('update');
      // Deleted meanwhile.
      if (!set) throw new AppError('NOT_FOUND');
      await assertRoom(tx, questionSetId, file.sizeBytes);
      const [inserted] = await tx
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
      return inserted;
    });
    return toDocument(row);
  } catch (error) {
    // Keep no orphan object.
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
 * POST /api/qa/question-sets/{id}/documents: one PDF, DOCX or TXT (multipart `documentFile`) told by
 * its bytes (415 otherwise), within the scorecard's 100 MB for all its documents (413), its text
 * extracted off the api thread (422 when there is none or the document is built to overload), the
 * file kept in the object store and the text in qa_documents for the answerer.
 */
export async function uploadDocument(
  ctx: AppContext,
  options: {
    orgId: string;
    adminId: string;
    questionSetId: string;
    request: FastifyRequest;
    store: ObjectStore;
    /** The process's extractor unless a caller (a test) brings its own limits. */
    extractor?: DocumentExtractor;
  },
): Promise<ScorecardDocument> {
  // Before reading the body: an unknown scorecard, a full one or a body that cannot fit is refused
  // at once, and the remaining allowance becomes the upload's size limit.
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  const declared = Number(options.request.headers['content-length']) || 0;
  const maxBytes = await assertRoom(
    ctx.db,
    options.questionSetId,
    Math.max(1, declared - MULTIPART_FRAMING_BYTES),
  );
  return withTempDir(async (dir) => {
    // Cut off at the allowance, the file's size is known only to be over it: the request's length
    // tells whether it alone is over a document's limit.
    const tooLargeText = tooLarge(Math.max(maxBytes + 1, declared)).message;
    const file = await receiveToTempFile(options.request, { dir, maxBytes, tooLargeText });
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
    /** The process's extractor unless a caller (a test) brings its own limits. */
    extractor?: DocumentExtractor;
  },
): Promise<ScorecardDocument> {
  await assertSetOfOrg(ctx, options.orgId, options.questionSetId);
  await assertRoom(ctx.db, options.questionSetId, options.bytes.length);
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
