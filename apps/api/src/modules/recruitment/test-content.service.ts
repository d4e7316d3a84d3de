import { messages, type PositionContent, type TestContent } from '@agaton/contracts';
import { type Database, organisations } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { assertOwner, type OrgActor } from '../../lib/policy.ts';
import { DEFAULT_TEST_CONTENT } from './content/default-test-content.ts';

/** What a challenge keeps of the content when it is sent (schema: challenges.content). */
export interface ContentSnapshot {
  timeLimitsSeconds: TestContent['timeLimitsSeconds'];
  position: PositionContent;
}

/** The organisation's test content: its own once an admin saved one, the product's default until then. */
export async function getTestContent(db: Database, orgId: string): Promise<TestContent> {
  const [row] = await db
    .select({ content: organisations.testContent })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row?.content ?? DEFAULT_TEST_CONTENT;
}

/** PUT /admin/test-content: only an owner may replace it. Tests already sent keep their snapshot. */
export async function replaceTestContent(
  ctx: AppContext,
  options: { actor: OrgActor; content: TestContent },
): Promise<TestContent> {
  assertOwner(options.actor);
  await ctx.db
    .update(organisations)
    .set({ testContent: options.content })
    .where(eq(organisations.id, options.actor.orgId));
  return options.content;
}

/**
 * The snapshot a new challenge keeps of one position. Positions are matched without regard to case
 * or surrounding spaces (admins type them); 400 with the spec's text when the content has no such one.
 */
export function snapshotFor(content: TestContent, position: string): ContentSnapshot {
  const wanted = position.trim().toLowerCase();
  const found = content.positions.find((p) => p.position.trim().toLowerCase() === wanted);
  if (!found) {
    const message = messages.validation.selectTestType;
    throw new AppError('VALIDATION', message, { details: [{ path: 'position', message }] });
  }
  return { timeLimitsSeconds: content.timeLimitsSeconds, position: found };
}
