import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** helmet's default policy: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet's defaults (CSP, COOP, CORP, nosniff, frame options, …) with the app's own CSP additions. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'https:'],
      'media-src': ["'self'", 'blob:', 'data:'],
      // The quick start serves plain http on any host (LAN IPs too); upgrading would break its assets.
      'upgrade-insecure-requests': null,
    },
  },
  // Sent below only on HTTPS: over plain HTTP the header means nothing (RFC 6797 §7.2).
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, worked out once. They depend on nothing in the request,
 * and @fastify/helmet rebuilt helmet's middleware (parsing the CSP again) for every request: about 6 %
 * of the CPU of GET /api/app-user/me (docs/decisions/003).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every response's security headers in one hook: helmet's, the Permissions-Policy, and
 * Strict-Transport-Security only on responses that went out over HTTPS — TLS here, or at a trusted
 * proxy that says so in X-Forwarded-Proto (TRUST_PROXY). Browsers ignore HSTS over plain HTTP
 * (RFC 6797 §8.1), so sending it there only misleads a reader of the headers into thinking HTTPS is
 * enforced. A route may still set its own (the article covers' stricter CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const always = { ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(always);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
