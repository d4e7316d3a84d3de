import { outboxResponseSchema } from '@agaton/contracts';
import { emailOutbox } from '@agaton/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { requireAuth } from '../../plugins/auth.ts';

/**
 * Outbox viewer for developers and e2e tests; only registered when MAIL_OUTBOX_VIEWER=1 (refused in
 * production by the configuration) and, even then, only for a signed-in organisation admin.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext) {
  typed(app).get(
    '/dev/outbox',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags: ['dev'],
        security: [{ bearerAuth: [] }],
        querystring: z.object({ to: z.string().trim().toLowerCase().optional() }),
        response: { 200: outboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A password reset records its e-mail just after answering; show it to a reader who asked right away.
      await ctx.mailer.settled();
      const rows = await ctx.db
        .select()
        .from(emailOutbox)
        .where(request.query.to ? eq(emailOutbox.to, request.query.to) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(50);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
}
