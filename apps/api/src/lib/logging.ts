import { randomUUID } from 'node:crypto';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';

/**
 * Fields whose values are credentials, wherever a log call puts them (top level or one object down,
 * e.g. `body.password`, `req.headers.authorization`). pino replaces them with `[redacted]`. `code` is
 * listed at the top level and under request parts only: an error's `code` (ENOSPC, 23505) stays readable.
 */
export const REDACTED_LOG_PATHS = [
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'passwordHash',
    'token',
    'refreshToken',
    'accessToken',
  ].flatMap((key) => [key, `*.${key}`]),
  ...['authorization', 'cookie', 'set-cookie'].flatMap((key) => [
    key,
    `headers.${key}`,
    `req.headers.${key}`,
    `res.headers.${key}`,
  ]),
  'code',
  'body.code',
  'query.code',
  'params.code',
  'testCode',
  '*.testCode',
  'clientSecret',
  '*.clientSecret',
];

/** Error fields that can carry row values: a query's parameters, PostgreSQL's "Failing row contains (…)". */
const VALUE_FIELDS = ['params', 'detail', 'internalQuery'] as const;

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

/**
 * pino's error serializer, minus the values a failed query carried: Drizzle's `DrizzleQueryError` puts
 * every parameter (a password hash, an e-mail) into its message and stack (`Failed query: …\nparams: …`)
 * and `params`; PostgreSQL's `detail` can quote the whole row. The SQL text, the SQLSTATE, the table,
 * column and constraint stay, which is what an operator needs.
 */
export function safeErrorSerializer(error: Error): SerializedError {
  const serialized = stdSerializers.errWithCause(error) as SerializedError;
  for (let e: SerializedError | undefined = serialized, depth = 0; e && depth < 5; depth++) {
    scrub(e);
    e = typeof e.cause === 'object' && e.cause !== null ? (e.cause as SerializedError) : undefined;
  }
  return serialized;
}

function scrub(error: SerializedError) {
  const message = typeof error.message === 'string' ? error.message : '';
  const at = message.indexOf('\nparams: ');
  if (at >= 0) {
    const safe = `${message.slice(0, at)}\nparams: [redacted]`;
    if (typeof error.stack === 'string') error.stack = error.stack.replace(message, safe);
    error.message = safe;
  }
  for (const field of VALUE_FIELDS) {
    if (field in error) error[field] = '[redacted]';
  }
}

/** A request id from the client's `x-request-id` when it is a plain token, else a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : randomUUID();
}

/** The one logger set-up of the api and the worker: level, secret redaction, query-safe errors. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
    ...(stream ? { stream } : {}),
  };
}
