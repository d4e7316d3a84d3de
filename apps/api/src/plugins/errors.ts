import { type ErrorCode, messages } from '@agaton/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

interface Issue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { errors?: { path: PropertyKey[]; message: string }[][] };
}

const isMissing = (message: string) => message === 'Required' || message.includes('received undefined');
/** Zod's default text for an absent field reads like a type error; users need 'Required'. */
const readable = (message: string) => (message.includes('received undefined') ? 'Required' : message);

/**
 * Zod reports a failed union as one issue; show the problems of the alternative the client most likely
 * meant (fewest missing fields, then fewest problems).
 */
function flattenIssues(issues: Issue[], where: string) {
  const out: { path: string; message: string }[] = [];
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const branches = issue.keyword === 'invalid_union' ? issue.params?.errors : undefined;
    if (branches && branches.length > 0) {
      const missing = (branch: { message: string }[]) => branch.filter((i) => isMissing(i.message)).length;
      const closest = [...branches].sort((a, b) => missing(a) - missing(b) || a.length - b.length)[0];
      for (const sub of closest) {
        const path = [base, ...sub.path.map(String)].filter(Boolean).join('.');
        out.push({ path, message: readable(sub.message) });
      }
    } else {
      out.push({ path: base || where, message: readable(issue.message ?? messages.general.fallback) });
    }
  }
  return out;
}

function send(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSec !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSec))));
  }
  return reply.status(error.statusCode).send({
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  });
}

/** Statuses of framework and plugin errors (e.g. multipart limits) that have a code of their own. */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * PostgreSQL refusals that only the client's input can cause: a unique key taken by another row (a
 * second member with the same e-mail, two requests racing to create the same thing), and text the
 * database cannot hold. Services check what they can first; this keeps the rest from becoming 500s.
 */
const DATABASE_CLIENT_ERRORS: Record<string, () => AppError> = {
  '23505': () => new AppError('CONFLICT', messages.request.conflict),
  '22021': () => new AppError('VALIDATION', messages.request.nulCharacter),
  '22P05': () => new AppError('VALIDATION', messages.request.nulCharacter),
};

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The disk is full: a file write failed with ENOSPC (or a quota with EDQUOT), or PostgreSQL/PGlite
 * could not extend a file (SQLSTATE 53100 disk_full). A clear 507 instead of a 500; the write that
 * failed left nothing behind (the object store removes its temp file, the database rolls back).
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * busboy (inside @fastify/multipart) throws plain errors for a broken multipart body: no or an absurd
 * boundary, the body ending mid-part. They are the client's fault, whichever route read the parts.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot)/;

const isMultipart = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');

/**
 * Maps every failure to `{ error: { code, message } }` (plus Retry-After when the error gives one) and
 * never leaks stacks or SQL to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = flattenIssues(error.validation as Issue[], error.validationContext ?? 'body');
      const first = details[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : undefined;
      return send(reply, new AppError('VALIDATION', message, { details }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, new AppError('MALFORMED_JSON'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, new AppError('MALFORMED_JSON', 'The request body is empty.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, new AppError('PAYLOAD_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'out of storage space');
      return send(reply, new AppError('STORAGE_FULL'));
    }
    const state = sqlState(error);
    const databaseError = state ? DATABASE_CLIENT_ERRORS[state] : undefined;
    if (databaseError) {
      request.log.info({ err: error, sqlState: state }, 'database refused the client input');
      return send(reply, databaseError());
    }
    if (
      !error.statusCode &&
      MALFORMED_MULTIPART.test(error.message ?? '') &&
      isMultipart(request.headers['content-type'])
    ) {
      return send(reply, new AppError('VALIDATION', messages.request.malformedMultipart));
    }
    // The client hung up mid-request (an upload cancelled, a tab closed): nothing failed here, and no
    // one will read the answer; logged as what it is, and counted as a 4xx rather than a 500.
    if (request.raw.aborted || (error.code === 'ECONNRESET' && request.raw.socket?.destroyed)) {
      request.log.info({ err: error }, 'client closed the request');
      return send(reply, new AppError('VALIDATION', messages.request.aborted));
    }
    // Body parser failures other than the above (bad charset, etc.) are still the client's fault.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      const code = CLIENT_ERROR_CODES[error.statusCode] ?? 'VALIDATION';
      return send(reply, new AppError(code, code === 'VALIDATION' ? messages.general.fallback : undefined));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError('INTERNAL'));
  });
}
