import {
  documentParamsSchema,
  errorBodySchema,
  phraseSuggestionRequestSchema,
  phraseSuggestionSchema,
  QA_LIMITS,
  questionCreateSchema,
  questionListSchema,
  questionParamsSchema,
  questionSchema,
  questionSetInputSchema,
  questionSetListSchema,
  questionSetParamsSchema,
  questionSetPatchSchema,
  questionSetSchema,
  questionUpdateSchema,
  scorecardDocumentListSchema,
  scorecardDocumentSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../lib/context.ts';
import { registerMultipart } from '../../../lib/multipart.ts';
import { authorizeOwnOrg } from '../../../lib/policy.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import type { ObjectStore } from '../../../providers/storage/object-store.ts';
import { type QaJobs, suggestEvidence } from '../answering/index.ts';
import { deleteDocument, listDocuments, uploadDocument } from './qa-documents.service.ts';
import { DOCUMENT_TEXTS } from './qa-documents.ts';
import {
  createQuestion,
  createQuestionSet,
  deleteQuestionSet,
  listQuestionSets,
  listQuestions,
  updateQuestion,
  updateQuestionSet,
} from './qa-scorecards.service.ts';

/**
 * Scorecard Management (spec 3 §2.7, §3.1, §3.2, §5, §7.1): scorecards, their questions and reference
 * documents. Any admin of the organisation (owner or manager) manages them; other organisations' ids
 * answer 404.
 */
export async function qaScorecardsRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; store: ObjectStore; jobs: QaJobs },
) {
  const { ctx, store, jobs } = options;
  await registerMultipart(app);
  const r = typed(app);
  const preHandler = requireAuth(ctx.tokens, 'admin');
  const base = { tags: ['qa'], security: [{ bearerAuth: [] }] };
  const actor = (request: Parameters<typeof actorOf>[0]) => authorizeOwnOrg(ctx, actorOf(request));

  r.get(
    '/qa/question-sets',
    { preHandler, schema: { ...base, response: { 200: questionSetListSchema, ...errorResponses } } },
    async (request) => ({
      questionSets: await listQuestionSets(ctx, { orgId: (await actor(request)).orgId }),
    }),
  );

  r.post(
    '/qa/question-sets',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'A new, empty scorecard for the given teams (none = every agent); 409 when the organisation has one ' +
          'of this name (any case), 404 when a team is not the organisation’s. Owners and managers may ' +
          'name any team of the organisation.',
        body: questionSetInputSchema,
        response: { 201: questionSetSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { orgId } = await actor(request);
      const { name, teamIds } = request.body;
      return reply.status(201).send(await createQuestionSet(ctx, { orgId, name, teamIds }));
    },
  );

  r.patch(
    '/qa/question-sets/:questionSetId',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'Renames the scorecard and/or sets its teams (none = every agent); 409 when another scorecard has ' +
          'the name, 404 when a team is not the organisation’s. When its teams change, calls of agents that ' +
          'gain or lose it are answered again in the background.',
        params: questionSetParamsSchema,
        body: questionSetPatchSchema,
        response: { 200: questionSetSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateQuestionSet(ctx, {
        orgId: (await actor(request)).orgId,
        questionSetId: request.params.questionSetId,
        name: request.body.name,
        teamIds: request.body.teamIds,
        jobs,
      }),
  );

  r.delete(
    '/qa/question-sets/:questionSetId',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'Deletes the scorecard with its documents and memberships. Its questions are kept for their past ' +
          'answers; those left in no scorecard are no longer asked.',
        params: questionSetParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { objectKeys } = await deleteQuestionSet(ctx, {
        orgId: (await actor(request)).orgId,
        questionSetId: request.params.questionSetId,
      });
      await Promise.all(objectKeys.map((key) => store.delete(key)));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/qa/question-sets/:questionSetId/questions',
    {
      preHandler,
      schema: {
        ...base,
        description: "The scorecard's questions, each with all its scorecards (more than one = Shared).",
        params: questionSetParamsSchema,
        response: { 200: questionListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      questions: await listQuestions(ctx, {
        orgId: (await actor(request)).orgId,
        questionSetId: request.params.questionSetId,
      }),
    }),
  );

  r.post(
    '/qa/questions',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'A new question in one or more scorecards (404 unless all are the organisation’s; 409 when one is full).',
        body: questionCreateSchema,
        response: { 201: questionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { orgId } = await actor(request);
      return reply.status(201).send(await createQuestion(ctx, { orgId, input: request.body, jobs }));
    },
  );

  r.put(
    '/qa/questions/:questionId',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'Replaces the question. An unchanged question is left as it is; `questionSetIds` empty removes it ' +
          'from every scorecard (the spec’s delete). A change that can change answers re-answers past calls.',
        params: questionParamsSchema,
        body: questionUpdateSchema,
        response: { 200: questionSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateQuestion(ctx, {
        orgId: (await actor(request)).orgId,
        questionId: request.params.questionId,
        input: request.body,
        jobs,
      }),
  );

  r.post(
    '/qa/questions/suggest',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'Evidence (speaker, phrases, examples) suggested from the question text, to edit before saving.',
        body: phraseSuggestionRequestSchema,
        response: { 200: phraseSuggestionSchema, ...errorResponses },
      },
    },
    async (request) => {
      await actor(request);
      return suggestEvidence(request.body.questionText, request.body.presentationText);
    },
  );

  r.get(
    '/qa/question-sets/:questionSetId/documents',
    {
      preHandler,
      schema: {
        ...base,
        params: questionSetParamsSchema,
        response: { 200: scorecardDocumentListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      documents: await listDocuments(ctx, {
        orgId: (await actor(request)).orgId,
        questionSetId: request.params.questionSetId,
      }),
    }),
  );

  r.post(
    '/qa/question-sets/:questionSetId/documents',
    {
      preHandler,
      config: { upload: { maxBytes: QA_LIMITS.maxDocumentsBytes, tooLarge: DOCUMENT_TEXTS.tooLarge } },
      schema: {
        ...base,
        consumes: ['multipart/form-data'],
        description:
          'One reference document per request, multipart `documentFile`: PDF, DOCX or TXT told by its bytes ' +
          '(415 otherwise), at most 100 MB (413), with readable text (422).',
        params: questionSetParamsSchema,
        response: {
          201: scorecardDocumentSchema,
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const who = await actor(request);
      const document = await uploadDocument(ctx, {
        orgId: who.orgId,
        adminId: who.adminId,
        questionSetId: request.params.questionSetId,
        request,
        store,
      });
      return reply.status(201).send(document);
    },
  );

  r.delete(
    '/qa/question-sets/:questionSetId/documents/:documentId',
    {
      preHandler,
      schema: { ...base, params: documentParamsSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteDocument(ctx, {
        orgId: (await actor(request)).orgId,
        questionSetId: request.params.questionSetId,
        documentId: request.params.documentId,
        store,
      });
      return reply.status(204).send(null);
    },
  );
}
