import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Vite names every file under assets/ by its content hash, so a given URL never changes content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: the browser revalidates (ETag) so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * robots.txt for crawlers: the signed-in areas, the API and links that carry a token are not for
 * search engines; the rest (the home and sign-in pages) may be crawled. Served by the app itself, so
 * a crawler never gets the SPA's index.html for it (Lighthouse: "robots.txt is not valid").
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /api/',
  'Disallow: /admin',
  'Disallow: /dashboard',
  'Disallow: /candidate',
  'Disallow: /assessment',
  'Disallow: /download',
  'Disallow: /reset-password/',
  'Disallow: /verify-email/',
  'Disallow: /coach/',
  'Allow: /coach/auth$',
  'Allow: /coach/signup$',
  '',
].join('\n');

/** GET /robots.txt, with or without a web build. */
export function registerRobots(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}

const isAsset = (path: string) => path.startsWith('/assets/');
const isSourceMap = (path: string) => path.endsWith('.map');

/**
 * Serves the built SPA (issue 16 part 8): the .br or .gz sibling the build wrote when the browser
 * accepts it (Content-Encoding, Vary: Accept-Encoding), hashed assets cached for a year, index.html
 * revalidated, source maps never served. Any other GET outside /api that is not a file gets
 * index.html (client-side routes); a missing asset is a 404, not HTML a script tag would choke on.
 */
export async function serveSpa(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => !isSourceMap(pathName),
    setHeaders: (reply, filePath) => {
      const inAssets = relative(root, filePath).split(sep)[0] === 'assets';
      reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const page =
      (request.method === 'GET' || request.method === 'HEAD') &&
      path !== '/api' &&
      !path.startsWith('/api/') &&
      !isAsset(path) &&
      !isSourceMap(path);
    if (page) return reply.type('text/html').sendFile('index.html');
    throw new AppError('NOT_FOUND');
  });
}
