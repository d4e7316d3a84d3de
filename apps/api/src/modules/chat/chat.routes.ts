import {
  type AccessTokenClaims,
  type ChatMention,
  cancelChatRequestSchema,
  chatEventsQuerySchema,
  chatFeedbackRequestSchema,
  chatMentionsResponseSchema,
  chatMessageSchema,
  chatMessagesResponseSchema,
  chatThreadListSchema,
  chatThreadParamsSchema,
  chatThreadSchema,
  sendChatMessageRequestSchema,
  sendChatMessageResponseSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { answerAdmin } from './assistant/admin-assistant.ts';
import { answerCoach } from './assistant/coach-assistant.ts';
import { llmAnswerer } from './assistant/llm-assistant.ts';
import { warmRecogniser } from './assistant/question-types.ts';
import {
  chatOwnerOf,
  createThread,
  findThread,
  listThreads,
  submitFeedback,
  threadMessages,
} from './chat.service.ts';
import { type ChatScope, chatScopeOf, mentionOptions } from './chat-data.ts';
import { type Answerer, ChatRuns } from './chat-runs.ts';

/**
 * The assistant for this asker's scope (resolved when the question is sent): an OpenAI-compatible
 * model when LLM_BASE_URL and LLM_MODEL are set, the offline assistant otherwise.
 */
function answererFor(ctx: AppContext, scope: ChatScope, mentions: ChatMention[]): Answerer {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = ctx.config;
  if (LLM_BASE_URL && LLM_MODEL) {
    return llmAnswerer(
      ctx,
      scope,
      { baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY, model: LLM_MODEL },
      mentions,
    );
  }
  return (text) =>
    scope.kind === 'coach'
      ? answerCoach(ctx, scope, text, new Date())
      : answerAdmin(ctx, scope, text, new Date(), { mentions });
}

/**
 * Ask Agaton (spec 1 §7 "Chat", spec 3 §7.5) for coaches and organisation admins. Each identity sees
 * only its own threads; answers stream as Server-Sent Events (docs/decisions/021-ask-agaton.md).
 */
export async function chatRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const runs = new ChatRuns(ctx, ctx.config.CHAT_STREAM_DELAY_MS);
  const recovered = await runs.recover();
  if (recovered) ctx.log.warn({ runs: recovered }, 'chat runs interrupted by a restart ended incomplete');

  const r = typed(app);
  const tags = ['chat'];
  const security = [{ bearerAuth: [] }];
  const auth = requireAuth(ctx.tokens, ['user', 'admin']);
  const owner = (claims: AccessTokenClaims, userType?: 'USER' | 'ADMIN') => chatOwnerOf(claims, userType);

  r.get(
    '/chat/threads',
    {
      preHandler: auth,
      schema: { tags, security, response: { 200: chatThreadListSchema, ...errorResponses } },
    },
    async (request) => {
      // Opening the chat lists the threads: a good moment to load the embedding model (the model
      // path's lookup tool runs the same recogniser). SCORING_WARM, off under tests, governs all
      // early model loading.
      if (ctx.config.SCORING_WARM) warmRecogniser();
      return { threads: await listThreads(ctx, owner(actorOf(request))) };
    },
  );

  r.get(
    '/chat/mentions',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags,
        security,
        description: 'People (@) and teams (#) the admin may tag: their managed scope only.',
        response: { 200: chatMentionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await chatScopeOf(ctx, actorOf(request));
      return scope.kind === 'admin' ? mentionOptions(ctx, scope.actor) : { people: [], teams: [] };
    },
  );

  r.post(
    '/chat/threads',
    { preHandler: auth, schema: { tags, security, response: { 201: chatThreadSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createThread(ctx, owner(actorOf(request)))),
  );

  r.get(
    '/chat/threads/:threadId/messages',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        params: chatThreadParamsSchema,
        response: { 200: chatMessagesResponseSchema, ...errorResponses },
      },
    },
    async (request) => threadMessages(ctx, owner(actorOf(request)), request.params.threadId),
  );

  r.post(
    '/chat/threads/:threadId/messages',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        params: chatThreadParamsSchema,
        body: sendChatMessageRequestSchema,
        response: { 202: sendChatMessageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claims = actorOf(request);
      const who = owner(claims, request.body.userType);
      const scope = await chatScopeOf(ctx, claims);
      const started = await runs.start({
        owner: who,
        threadId: request.params.threadId,
        text: request.body.text,
        answer: answererFor(ctx, scope, request.body.mentions ?? []),
      });
      return reply.code(202).send(started);
    },
  );

  r.post(
    '/chat/threads/:threadId/cancel',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        params: chatThreadParamsSchema,
        body: cancelChatRequestSchema.optional(),
        response: { 200: z.object({ cancelled: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => ({
      cancelled: await runs.cancel(owner(actorOf(request), request.body?.userType), request.params.threadId),
    }),
  );

  r.get(
    '/chat/threads/:threadId/events',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        description:
          'Server-Sent Events of a run: created, delta, completed, incomplete (data is JSON). Read it with fetch and the bearer header.',
        params: chatThreadParamsSchema,
        querystring: chatEventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const who = owner(actorOf(request));
      // Ownership is checked before the stream starts, so a stranger's thread is an ordinary 404.
      await findThread(ctx, who, request.params.threadId);
      const closed = new AbortController();
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      request.raw.on('close', () => closed.abort());
      try {
        await runs.follow({
          owner: who,
          threadId: request.params.threadId,
          runId: request.query.runId,
          signal: closed.signal,
          onEvent: (e) => reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`),
        });
      } catch (error) {
        ctx.log.error({ err: error }, 'chat stream failed');
      } finally {
        reply.raw.end();
      }
    },
  );

  r.post(
    '/chat/feedback',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        body: chatFeedbackRequestSchema,
        response: { 200: chatMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const who = owner(actorOf(request), request.body.userType);
      return submitFeedback(ctx, who, request.body);
    },
  );
}
