import { outboxResponseSchema } from '@agaton/contracts';
import { admins, candidates, emailOutbox, members } from '@agaton/db';
import { and, desc, eq, exists, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg } from '../../lib/policy.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';

/** Some row of `table` has the outbox row's recipient as its e-mail (and, with `orgId`, is of that organisation). */
function addressIn(
  ctx: AppContext,
  table: PgTable & { email: PgColumn; orgId: PgColumn },
  orgId?: string,
): SQL {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(table)
      .where(
        and(
          sql`lower(${table.email}) = lower(${emailOutbox.to})`,
          orgId ? eq(table.orgId, orgId) : undefined,
        ),
      ),
  );
}

/**
 * Outbox rows an owner of `orgId` may read (issue 24): mail to an address of their organisation, or
 * to one that belongs to no organisation (coach accounts, the sales inbox). An admin's sign-in address
 * belongs to the admin's organisation alone, even where another organisation added it as a member or
 * candidate, so nobody reads another organisation's admins' reset links; a member's or candidate's
 * address is readable by each organisation that has it.
 */
export function readableMail(ctx: AppContext, orgId: string): SQL {
  const anyOrg = or(addressIn(ctx, members), addressIn(ctx, candidates)) as SQL;
  const thisOrg = or(addressIn(ctx, members, orgId), addressIn(ctx, candidates, orgId)) as SQL;
  return or(addressIn(ctx, admins, orgId), and(not(addressIn(ctx, admins)), or(thisOrg, not(anyOrg)))) as SQL;
}

/**
 * Outbox viewer for developers and e2e tests; only registered when MAIL_OUTBOX_VIEWER=1 (refused in
 * production by the configuration) and, even then, only for an owner of an organisation, who sees
 * only the mail `readableMail` allows (a manager would otherwise read the owner's reset links).
 */
export async function devRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  typed(app).get(
    '/dev/outbox',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags: ['dev'],
        security: [{ bearerAuth: [] }],
        description:
          "Recorded e-mails, newest first (50 at most), to an owner's own organisation's addresses and to " +
          'addresses of no organisation; an admin address belongs to its own organisation only. Owners only.',
        querystring: z.object({ to: z.string().trim().toLowerCase().optional() }),
        response: { 200: outboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      if (actor.role !== 'OWNER') throw new AppError('FORBIDDEN');
      // A password reset records its e-mail just after answering; show it to a reader who asked right away.
      await ctx.mailer.settled();
      const rows = await ctx.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            request.query.to ? eq(emailOutbox.to, request.query.to) : undefined,
            readableMail(ctx, actor.orgId),
          ),
        )
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
