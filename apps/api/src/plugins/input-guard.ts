import { messages } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Deepest nesting of arrays and objects a request may carry. The contracts nest about six levels; the
 * limit keeps recursive code (validators, error texts, JSON.stringify) far from the stack's end.
 */
export const MAX_INPUT_DEPTH = 32;

type Finding = { path: string; message: string };

/**
 * Walks a parsed input without recursion (so 500,000 nested arrays cannot overflow the stack) and
 * returns the first NUL character in a string or key, or the first place nested beyond MAX_INPUT_DEPTH.
 */
export function inspectInput(input: unknown, where: string): Finding | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    const at = path || where;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: at, message: messages.request.nulCharacter };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { path: at, message: messages.request.tooDeep };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { path: childPath, message: messages.request.nulCharacter };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, before any validator or handler sees them, NUL characters and absurd nesting in the body,
 * query and path parameters of every route: 400 with the place named, never a database error or a
 * stack overflow (issue 16 part 5). Multipart fields are read by their routes and not seen here.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, input] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const finding = inspectInput(input, where);
      if (finding) {
        throw new AppError('VALIDATION', `${finding.path}: ${finding.message}`, { details: [finding] });
      }
    }
  });
}
