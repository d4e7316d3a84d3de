import type { FastifyInstance } from 'fastify';

/**
 * One line per request, written when the response is sent: the request id (the client's
 * `x-request-id` when it sent a plain one, else a UUID, echoed in the response header), method, route
 * pattern (`/api/training/invitations/:token`, never the token itself), status and duration in ms.
 * Fastify's own "incoming request" / "request completed" pair is turned off in app.ts, so there is one
 * line, not three.
 */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
