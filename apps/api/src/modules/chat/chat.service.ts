import {
  type AccessTokenClaims,
  CHAT_LIMITS,
  type ChatFeedbackRequest,
  type ChatMessage,
  type ChatRun,
  type ChatThread,
  type ChatUserType,
} from '@agaton/contracts';
import { chatMessages, chatRuns, chatThreads } from '@agaton/db';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';

/** The identity a thread belongs to: a coach user or an organisation admin. */
export interface ChatOwner {
  userType: ChatUserType;
  id: string;
}

type ThreadRow = typeof chatThreads.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type RunRow = typeof chatRuns.$inferSelect;

/** The owner of an access token; `userType` sent by the client must agree with it (400 otherwise). */
export function chatOwnerOf(claims: AccessTokenClaims, userType?: ChatUserType): ChatOwner {
  const owner: ChatOwner =
    claims.kind === 'admin' ? { userType: 'ADMIN', id: claims.sub } : { userType: 'USER', id: claims.sub };
  if (userType && userType !== owner.userType) {
    throw new AppError('VALIDATION', `userType must be ${owner.userType} for this account.`, {
      details: [{ path: 'userType', message: `Must be ${owner.userType}.` }],
    });
  }
  return owner;
}

const ownedBy = (owner: ChatOwner): SQL =>
  owner.userType === 'ADMIN'
    ? and(eq(chatThreads.userType, 'ADMIN'), eq(chatThreads.adminId, owner.id))!
    : and(eq(chatThreads.userType, 'USER'), eq(chatThreads.userId, owner.id))!;

export const toThread = (t: ThreadRow): ChatThread => ({
  threadId: t.id,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  summary: t.summary,
  openaiThreadId: null,
  status: t.status,
  error: t.error,
});

export const toMessage = (m: MessageRow): ChatMessage => ({
  messageId: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  citations: m.citations,
  userScore: m.thumbIsPositive === null ? null : { thumbScore: { isPositive: m.thumbIsPositive } },
});

export const toRun = (r: RunRow): ChatRun => ({
  runId: r.id,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
  steps: r.steps,
});

/**
 * A new, empty thread of the owner. A validly signed token can outlive its account (deleted, or a
 * database restored from before it existed): the thread's foreign key then refuses the owner, which is
 * the caller being unknown (401), not a server fault.
 */
export async function createThread(ctx: AppContext, owner: ChatOwner): Promise<ChatThread> {
  try {
    const [row] = await ctx.db
      .insert(chatThreads)
      .values({
        userType: owner.userType,
        userId: owner.userType === 'USER' ? owner.id : null,
        adminId: owner.userType === 'ADMIN' ? owner.id : null,
      })
      .returning();
    return toThread(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('UNAUTHENTICATED');
    throw error;
  }
}

/** SQLSTATE 23503, wherever the driver put it (Drizzle wraps the driver's error in `cause`). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The owner's threads, most recently active first; one is created when none exist (spec 1 §4). */
export async function listThreads(ctx: AppContext, owner: ChatOwner): Promise<ChatThread[]> {
  const rows = await ctx.db
    .select()
    .from(chatThreads)
    .where(ownedBy(owner))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(100);
  if (rows.length) return rows.map(toThread);
  return [await createThread(ctx, owner)];
}

/** The owner's thread; 404 for anyone else's, so ids tell nothing across users or tenants. */
export async function findThread(ctx: AppContext, owner: ChatOwner, threadId: string): Promise<ThreadRow> {
  const [row] = await ctx.db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), ownedBy(owner)));
  if (!row) throw new AppError('NOT_FOUND', 'This conversation was not found.');
  return row;
}

/** Messages oldest first, and the thread's runs (newest first) for the diagnostic panel. */
export async function threadMessages(ctx: AppContext, owner: ChatOwner, threadId: string) {
  const thread = await findThread(ctx, owner, threadId);
  const [messages, runs] = await Promise.all([
    ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.threadId, threadId))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role)),
    ctx.db
      .select()
      .from(chatRuns)
      .where(eq(chatRuns.threadId, threadId))
      .orderBy(desc(chatRuns.createdAt))
      .limit(20),
  ]);
  return { thread: toThread(thread), messages: messages.map(toMessage), runs: runs.map(toRun) };
}

/** The first question, shortened, names the thread in the history panel. */
export function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > CHAT_LIMITS.summaryChars ? `${flat.slice(0, CHAT_LIMITS.summaryChars - 1)}…` : flat;
}

/** Thumbs up or down on one of the owner's assistant messages; a second submission replaces the first. */
export async function submitFeedback(ctx: AppContext, owner: ChatOwner, request: ChatFeedbackRequest) {
  const [row] = await ctx.db
    .select({ message: chatMessages, thread: chatThreads })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatMessages.id, request.messageId), ownedBy(owner)));
  if (!row) throw new AppError('NOT_FOUND', 'This message was not found.');
  if (row.message.role !== 'assistant') throw new AppError('VALIDATION', 'Only answers can be rated.');
  const [updated] = await ctx.db
    .update(chatMessages)
    .set({
      thumbIsPositive: request.thumbScore.isPositive,
      feedbackComment: request.comment?.trim() ? request.comment.trim() : null,
    })
    .where(eq(chatMessages.id, request.messageId))
    .returning();
  return toMessage(updated);
}
