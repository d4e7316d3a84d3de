import { messages } from '@agaton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that reads a large body itself (multipart uploads, which Fastify's bodyLimit does not
     * cover): its largest accepted file, and the 413 text. The declared Content-Length is checked
     * against it before a byte is read, and the body's deadline is computed from it when none is declared.
     */
    upload?: { maxBytes: number; tooLarge: string };
  }
}

type TimeoutSettings = Pick<
  AppConfig,
  | 'HTTP_REQUEST_TIMEOUT_SECONDS'
  | 'HTTP_HEADERS_TIMEOUT_SECONDS'
  | 'HTTP_IDLE_TIMEOUT_SECONDS'
  | 'HTTP_BODY_MIN_BYTES_PER_SECOND'
>;

/** What a multipart body may carry beyond its file: boundaries, part headers and the text fields. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Server timeouts (Fastify turns Node's request timeout off by default): the whole request, body
 * included, must arrive within HTTP_REQUEST_TIMEOUT_SECONDS, its headers within
 * HTTP_HEADERS_TIMEOUT_SECONDS (Node checks every `connectionsCheckingInterval`, 30 s unless set), and
 * a socket silent for HTTP_IDLE_TIMEOUT_SECONDS is closed.
 */
export function timeoutOptions(config: TimeoutSettings) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    http: { requestTimeout, headersTimeout, connectionsCheckingInterval: Math.min(2000, headersTimeout) },
  };
}

/** Requests answered with an error before their body was read; their socket is closed after the reply. */
const closing = new WeakSet<FastifyRequest>();

/**
 * Early errors (issue 16 part 6): an error answered before the body arrived (401 on an upload with a bad token, 413
 * from its Content-Length) says `Connection: close` and closes the socket, instead of Node reading and
 * discarding the rest of a 100 MB body to keep the connection alive.
 */
export function registerEarlyClose(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete && !reply.raw.headersSent) {
      reply.header('connection', 'close');
      closing.add(request);
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (!closing.has(request)) return;
    // The reply is flushed; stop reading the unread body and free the socket now.
    request.raw.socket?.destroy();
  });
}

/** A body's deadline: the headers' allowance plus its size at the slowest rate we wait for. */
export function bodyDeadlineMs(config: TimeoutSettings, bytes: number) {
  const ms = (config.HTTP_HEADERS_TIMEOUT_SECONDS + bytes / config.HTTP_BODY_MIN_BYTES_PER_SECOND) * 1000;
  return Math.min(ms, config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000);
}

/**
 * Bodies bounded by what they declare (issue 24): an upload route refuses a Content-Length over its
 * limit with 413 before reading (the early close above then frees the socket), and every body must
 * arrive within bodyDeadlineMs of its declared size — or of the route's largest, when it is chunked —
 * so a client trickling a byte now and then holds a connection (and a scoring upload's buffer) for
 * seconds to minutes, not for the whole HTTP_REQUEST_TIMEOUT_SECONDS. On the deadline the body stream
 * fails with REQUEST_TIMEOUT: whoever is reading it (Fastify's body parser, a multipart reader) stops
 * with that error, the error plugin answers 408, and the early close drops the rest.
 */
export function registerBodyDeadline(
  app: FastifyInstance,
  config: TimeoutSettings & { BODY_LIMIT_BYTES: number },
) {
  app.addHook('onRequest', async (request, reply) => {
    const upload = request.routeOptions.config.upload;
    const header = request.headers['content-length'];
    const declared = header === undefined ? undefined : Number(header);
    if (upload && declared !== undefined && declared > upload.maxBytes + MULTIPART_OVERHEAD_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', upload.tooLarge);
    }
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (!chunked && !declared) return;
    const largest = upload
      ? upload.maxBytes + MULTIPART_OVERHEAD_BYTES
      : (request.routeOptions.bodyLimit ?? config.BODY_LIMIT_BYTES);
    const bytes = declared !== undefined && Number.isFinite(declared) ? declared : largest;
    const timer = setTimeout(
      () => {
        const body = request.raw;
        if (body.complete || reply.sent || body.listenerCount('error') === 0) return;
        request.log.info({ bytes, received: body.socket?.bytesRead }, 'request body too slow');
        body.emit('error', new AppError('REQUEST_TIMEOUT', messages.request.bodyTooSlow));
      },
      bodyDeadlineMs(config, bytes),
    );
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
