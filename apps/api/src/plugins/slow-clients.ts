import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';

type TimeoutSettings = Pick<
  AppConfig,
  'HTTP_REQUEST_TIMEOUT_SECONDS' | 'HTTP_HEADERS_TIMEOUT_SECONDS' | 'HTTP_IDLE_TIMEOUT_SECONDS'
>;

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
