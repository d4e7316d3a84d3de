import { articleListSchema, articleSchema, articleSlugSchema } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  type ArticleLibrary,
  articleLibrary,
  getArticle,
  getArticleCover,
  listArticles,
} from './articles.service.ts';

/** Covers change only with a deploy, and their URLs carry a hash of the file: cache them for a year. */
const COVER_CACHE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own must not run anything (ours never try; this keeps a future edit honest). */
const COVER_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The learning library (spec 1 §7): summaries and articles for signed-in coaches (admins may read
 * them too, as every coach-area read allows), and the covers as public static images because an
 * `<img>` cannot send a bearer token and a cover reveals nothing.
 */
export async function articlesRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; library?: ArticleLibrary },
) {
  const { ctx, library = articleLibrary() } = options;
  const r = typed(app);
  const tags = ['articles'];
  const security = [{ bearerAuth: [] }];
  const auth = requireAuth(ctx.tokens, ['user', 'admin']);
  const params = z.object({ slug: articleSlugSchema });

  r.get(
    '/articles',
    {
      preHandler: auth,
      schema: { tags, security, response: { 200: articleListSchema, ...errorResponses } },
    },
    async () => listArticles({ library }),
  );

  r.get(
    '/articles/:slug',
    {
      preHandler: auth,
      schema: { tags, security, params, response: { 200: articleSchema, ...errorResponses } },
    },
    async (request) => getArticle({ library, slug: request.params.slug }),
  );

  r.get(
    '/articles/:slug/cover.svg',
    {
      schema: {
        tags,
        description:
          'The cover image (image/svg+xml) for an <img>: public, versioned by the ?v= of coverImageUrl.',
        params,
      },
    },
    async (request, reply) => {
      const cover = getArticleCover({ library, slug: request.params.slug });
      reply
        .header('cache-control', COVER_CACHE)
        .header('etag', cover.etag)
        .header('content-security-policy', COVER_CSP);
      if (request.headers['if-none-match'] === cover.etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(cover.body);
    },
  );
}
