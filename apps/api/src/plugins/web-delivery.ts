import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Browser features the app may use: the microphone for its own pages (recordings, the English test),
 * nothing else that reaches the user's devices, and nothing at all for embedded third parties. Only
 * features Chromium knows: an unknown one ('bluetooth', which no browser gates by this header) puts
 * an error in the console of every page.
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** Vite names every file under assets/ by its content hash, so a given URL never changes content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: the browser revalidates (ETag) so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/** Sends the Permissions-Policy header on every response, API and pages alike. */
export function registerPermissionsPolicy(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

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

/** helmet's default policy: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on responses that went out over HTTPS — TLS here, or at a trusted proxy
 * that says so in X-Forwarded-Proto (TRUST_PROXY). Browsers ignore it over plain HTTP (RFC 6797 §8.1),
 * so sending it there only misleads a reader of the headers into thinking HTTPS is enforced.
 */
export function registerHsts(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
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
