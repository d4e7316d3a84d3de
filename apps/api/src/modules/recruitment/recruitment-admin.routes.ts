import {
  candidateListSchema,
  challengeDetailSchema,
  challengeListSchema,
  createCandidateRequestSchema,
  createCandidateResponseSchema,
  errorBodySchema,
  generatePdfQuerySchema,
  RECRUITMENT_TEXTS,
  sendTestRequestSchema,
  sendTestResponseSchema,
  testContentSchema,
  trainingInviteRequestSchema,
  trainingInviteResponseSchema,
} from '@agaton/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg } from '../../lib/policy.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { ChromiumPdfRenderer } from '../../providers/pdf/chromium-pdf.ts';
import type { PdfRenderer } from '../../providers/pdf/pdf-renderer.ts';
import { createCandidate, inviteToTraining, listCandidates } from './candidates.service.ts';
import { getChallenge, getChallengeDetail, listChallenges } from './challenges.service.ts';
import { sendTests } from './send-test.service.ts';
import { getTestContent, replaceTestContent } from './test-content.service.ts';

export interface RecruitmentAdminOptions {
  ctx: AppContext;
  /** Prints the report pages; Chromium on the server's own address unless given (tests). */
  pdfRenderer?: PdfRenderer;
}

const errors = { ...errorResponses, 402: errorBodySchema, 503: errorBodySchema } as const;
const challengeParamsSchema = z.object({ id: z.uuid() });
/** Lifetime of the token a report's print page gets: longer than a render may take (20 s). */
const PRINT_TOKEN_TTL_SECONDS = 60;
/** The ids in a report's print path: /dashboard/test/user/{candidateId}/{challengeId}/print. */
function reportIds(urlPath: string) {
  const [, , , , candidateId, challengeId] = urlPath.split('/');
  const ids = z
    .object({ candidateId: z.uuid(), challengeId: z.uuid() })
    .safeParse({ candidateId, challengeId });
  if (!ids.success) {
    const message = 'Only a report can be printed';
    throw new AppError('VALIDATION', message, { details: [{ path: 'urlPath', message }] });
  }
  return ids.data;
}

/** A header-safe file name: ASCII fallback plus the RFC 5987 form for any other characters. */
function attachment(filename: string) {
  const name = /\.pdf$/i.test(filename) ? filename : `${filename}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replaceAll('%', '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The English test's admin side (spec 2 §7): candidates, sending tests, challenges, content, report PDFs. */
export async function recruitmentAdminRoutes(app: FastifyInstance, options: RecruitmentAdminOptions) {
  const { ctx } = options;
  const r = typed(app);
  const base = { tags: ['recruitment'], security: [{ bearerAuth: [] }] };
  const preHandler = requireAuth(ctx.tokens, 'admin');
  const actor = (request: FastifyRequest) => authorizeOwnOrg(ctx, actorOf(request));
  const pdf =
    options.pdfRenderer ??
    new ChromiumPdfRenderer({
      baseUrl: ctx.config.PDF_BASE_URL,
      executablePath: ctx.config.CHROMIUM_PATH,
      log: ctx.log,
    });
  // The browser starts on the first PDF; closing a renderer that never launched costs nothing.
  if (!options.pdfRenderer) app.addHook('onClose', () => pdf.close());

  r.get(
    '/admin/candidates',
    { preHandler, schema: { ...base, response: { 200: candidateListSchema, ...errors } } },
    async (request) => listCandidates(ctx, { actor: await actor(request) }),
  );

  r.post(
    '/candidate',
    {
      preHandler,
      schema: {
        ...base,
        description: 'Add user. A recruit with a position is sent the test at once (one test used).',
        body: createCandidateRequestSchema,
        response: { 200: createCandidateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      createdCandidate: await createCandidate(ctx, { actor: await actor(request), input: request.body }),
    }),
  );

  r.post(
    '/challenge',
    {
      preHandler,
      schema: {
        ...base,
        description: 'Send test: one challenge per candidate; 402 when fewer tests are left than asked.',
        body: sendTestRequestSchema,
        response: { 200: sendTestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      createdChallenges: await sendTests(ctx, {
        actor: await actor(request),
        candidateIds: request.body.candidateAstridIdentityIds,
        position: request.body.position,
      }),
    }),
  );

  r.post(
    '/candidate/training-invite',
    {
      preHandler,
      schema: {
        ...base,
        body: trainingInviteRequestSchema,
        response: { 200: trainingInviteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      invitedCandidatesIdentityIds: await inviteToTraining(ctx, {
        actor: await actor(request),
        candidateIds: request.body.candidateAstridIdentityIds,
      }),
    }),
  );

  r.get(
    '/admin/challenges',
    { preHandler, schema: { ...base, response: { 200: challengeListSchema, ...errors } } },
    async (request) => listChallenges(ctx, { actor: await actor(request) }),
  );

  r.get(
    '/admin/challenges/:id',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'One challenge the admin may see (404 otherwise) with a signed link to its free answer recording.',
        params: challengeParamsSchema,
        response: { 200: challengeDetailSchema, ...errors },
      },
    },
    async (request) =>
      getChallengeDetail(ctx, { actor: await actor(request), challengeId: request.params.id }),
  );

  r.get(
    '/admin/test-content',
    { preHandler, schema: { ...base, response: { 200: testContentSchema, ...errors } } },
    async (request) => getTestContent(ctx.db, (await actor(request)).orgId),
  );

  r.put(
    '/admin/test-content',
    {
      preHandler,
      schema: {
        ...base,
        description: 'Replaces the test content (owners only). Tests already sent keep theirs.',
        body: testContentSchema,
        response: { 200: testContentSchema, ...errors },
      },
    },
    async (request) => replaceTestContent(ctx, { actor: await actor(request), content: request.body }),
  );

  r.get(
    '/admin/generate-pdf',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'The report of a challenge the admin may see, printed from its print route (application/pdf).',
        querystring: generatePdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { urlPath, filename } = request.query;
      const { candidateId, challengeId } = reportIds(urlPath);
      const challenge = await getChallenge(ctx, { actor: await actor(request), challengeId, candidateId });
      // The report page shows results; without them it would never get ready to print.
      if (!challenge.completedAt) throw new AppError('CONFLICT', RECRUITMENT_TEXTS.noResultsYet);
      // The print page calls the API with its own token for the whole render; the admin's may be
      // seconds from expiry (their browser refreshes it, the print page cannot), so it gets a fresh one.
      const printToken = await ctx.tokens.sign(actorOf(request), { ttlSeconds: PRINT_TOKEN_TTL_SECONDS });
      const bytes = await pdf.render({ path: urlPath, adminAccessToken: printToken });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
