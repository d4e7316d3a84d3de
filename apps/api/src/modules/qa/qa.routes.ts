import type { FastifyInstance } from 'fastify';
import { callRoutes } from './calls/index.ts';
import { qaItemsRoutes } from './items/index.ts';

/**
 * Calls to review (issue 14 part 3) and the QA items made from them (part 6): upload, read, play,
 * and the items' list, detail, review, possible values and the main API's GET /admin/qc-items. One
 * plugin, as before the split into calls/ and items/: the items are registered inside the calls'
 * scope. It lives here, above both, because items read calls (toCallDetail) and calls must not import
 * items.
 */
export async function qaCallsRoutes(app: FastifyInstance, options: Parameters<typeof callRoutes>[1]) {
  await callRoutes(app, options);
  await app.register(qaItemsRoutes, { ctx: options.ctx });
}
