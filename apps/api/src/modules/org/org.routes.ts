import {
  licenceSummarySchema,
  memberListRequestSchema,
  memberListResponseSchema,
  memberParamsSchema,
  memberSchema,
  memberUpdateRequestSchema,
  mergeIdentityRequestSchema,
  orgParamsSchema,
  setArchiveRequestSchema,
  teamListSchema,
  teamNameRequestSchema,
  teamParamsSchema,
  teamSchema,
  teamsWithMembersSchema,
} from '@agaton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOrg } from '../../lib/policy.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { licenceSummary } from './licences.ts';
import { mergeIdentity } from './member-merge.ts';
import {
  createTeam,
  deleteTeam,
  listMembers,
  listTeams,
  renameTeam,
  setArchive,
  teamsWithMembers,
  updateMember,
} from './org.service.ts';

/** Organisation API under /astridorg/{orgId} (spec 2 §7); admin token of that organisation only. */
export async function orgRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const base = { tags: ['organisation'], security: [{ bearerAuth: [] }] };
  const preHandler = requireAuth(ctx.tokens, 'admin');
  const actor = (request: FastifyRequest, orgId: string) => authorizeOrg(ctx, actorOf(request), orgId);

  r.get(
    '/astridorg/:orgId/teams',
    {
      preHandler,
      schema: { ...base, params: orgParamsSchema, response: { 200: teamListSchema, ...errorResponses } },
    },
    async (request) => listTeams(ctx, await actor(request, request.params.orgId)),
  );

  r.post(
    '/astridorg/:orgId/teams',
    {
      preHandler,
      schema: {
        ...base,
        params: orgParamsSchema,
        body: teamNameRequestSchema,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) =>
      createTeam(ctx, { actor: await actor(request, request.params.orgId), name: request.body.name }),
  );

  r.put(
    '/astridorg/:orgId/teams/:teamId',
    {
      preHandler,
      schema: {
        ...base,
        params: teamParamsSchema,
        body: teamNameRequestSchema,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) =>
      renameTeam(ctx, {
        actor: await actor(request, request.params.orgId),
        teamId: request.params.teamId,
        name: request.body.name,
      }),
  );

  r.delete(
    '/astridorg/:orgId/teams/:teamId',
    {
      preHandler,
      schema: { ...base, params: teamParamsSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteTeam(ctx, {
        actor: await actor(request, request.params.orgId),
        teamId: request.params.teamId,
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/astridorg/:orgId/teams-with-members',
    {
      preHandler,
      schema: {
        ...base,
        params: orgParamsSchema,
        response: { 200: teamsWithMembersSchema, ...errorResponses },
      },
    },
    async (request) => teamsWithMembers(ctx, await actor(request, request.params.orgId)),
  );

  r.post(
    '/astridorg/:orgId/members/list',
    {
      preHandler,
      schema: {
        ...base,
        params: orgParamsSchema,
        body: memberListRequestSchema,
        response: { 200: memberListResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      listMembers(ctx, { actor: await actor(request, request.params.orgId), request: request.body }),
  );

  r.put(
    '/astridorg/:orgId/members/:identityId',
    {
      preHandler,
      schema: {
        ...base,
        description:
          "Fields left out stay as they are; `teams`, when sent, replaces the member's memberships. Owners " +
          'only: a manager is refused with 403 (docs/decisions/029-manager-permissions.md).',
        params: memberParamsSchema,
        body: memberUpdateRequestSchema,
        response: { 200: memberSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateMember(ctx, {
        actor: await actor(request, request.params.orgId),
        memberId: request.params.identityId,
        changes: request.body,
      }),
  );

  r.post(
    '/astridorg/:orgId/members/:identityId/set-archive',
    {
      preHandler,
      schema: {
        ...base,
        description: 'Owners only: a manager is refused with 403.',
        params: memberParamsSchema,
        body: setArchiveRequestSchema,
        response: { 200: memberSchema, ...errorResponses },
      },
    },
    async (request) =>
      setArchive(ctx, {
        actor: await actor(request, request.params.orgId),
        memberId: request.params.identityId,
        isArchived: request.body.isArchived,
      }),
  );

  r.post(
    '/astridorg/:orgId/members/merge-identity',
    {
      preHandler,
      schema: {
        ...base,
        description:
          "Merges two identities of one person into the primary; the secondary is deleted. Kept: the primary's " +
          "e-mail and organisation role, its name (the secondary's if it has none), every team membership of " +
          'both (MANAGER wins over REGULAR_MEMBER), a licence if either had one, archived only if both were, ' +
          "the secondary's external ids and e-mail added to externalIds, and the linked coach account (409 " +
          'if the two are linked to different ones). Owners only (403); an identity outside the organisation ' +
          'answers 404.',
        params: orgParamsSchema,
        body: mergeIdentityRequestSchema,
        response: { 200: memberSchema, ...errorResponses },
      },
    },
    async (request) =>
      mergeIdentity(ctx, { actor: await actor(request, request.params.orgId), request: request.body }),
  );

  r.get(
    '/astridorg/:orgId/licences',
    {
      preHandler,
      schema: {
        ...base,
        description:
          "An owner gets the organisation's counts and licence limit; a manager the counts of the teams " +
          'they manage, without the limit (`scope: "teams"`).',
        params: orgParamsSchema,
        response: { 200: licenceSummarySchema, ...errorResponses },
      },
    },
    async (request) => licenceSummary(ctx, await actor(request, request.params.orgId)),
  );
}
