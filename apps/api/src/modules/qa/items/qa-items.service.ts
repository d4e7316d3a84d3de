import {
  type AnswerActor,
  FLAG_PRIORITY,
  type FlagLevel,
  QC_FIELDS,
  type QcBullet,
  type QcFieldKey,
  type QcItem,
  type QcItemDetail,
  type qcItemListQuerySchema,
} from '@agaton/contracts';
import {
  admins,
  type Database,
  members,
  qaAnswerEvents,
  qaAnswers,
  qaCalls,
  qaItems,
  qaQuestions,
  users,
} from '@agaton/db';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import { afterKeyset, decodeCursor, newestFirst, pageOf } from '../../../lib/keyset-page.ts';
import { assertTeamAccess, type OrgActor } from '../../../lib/policy.ts';
import { disputeOpen, effectiveAnswer, effectiveFlag } from '../answering/index.ts';
import { timeRange, toCallDetail } from '../calls/index.ts';
import { agentInTeams, agentScope } from '../qa-scope.ts';

/**
 * QA items (spec 3 §3.3, §7.1): the list with filters, sorts and paging, one item with its call,
 * the review toggle, possible values of the dynamic fields, and the main API's cursor-paged list.
 * Every admin read is limited to the actor's organisation and agents (owner: all; manager: managed
 * teams); a coach user reads the items of calls they are the agent of (`ownItems`). Answers are shown
 * as they count (a reviewer's override wins) with the people's side beside them (`review`).
 */

type ListQuery = z.output<typeof qcItemListQuerySchema>;

const countOf = (flag: FlagLevel) =>
  sql<number>`(select count(*) from ${qaAnswers} where ${qaAnswers.itemId} = ${qaItems.id} and ${effectiveFlag} = ${flag})`.mapWith(
    Number,
  );
const redCount = countOf('RED');
const yellowCount = countOf('YELLOW');

/** The item has an answer its agent disputes that no reviewer has settled. */
const hasOpenDispute = sql`exists (select 1 from ${qaAnswers} where ${qaAnswers.itemId} = ${qaItems.id} and ${disputeOpen})`;

/** FLAG_PRIORITY in SQL, built from the contract's constant (a level it lacks sorts lowest). */
const flagPriority = sql`(case ${qaItems.flagLevel} ${sql.join(
  Object.entries(FLAG_PRIORITY).map(([level, rank]) => sql`when ${level} then ${sql.raw(String(rank))}`),
  sql` `,
)} else -1 end)`;

/** The SQL of each dynamic field (QC_FIELDS). */
const FIELD_SQL: Record<QcFieldKey, SQL | typeof members.name> = {
  callTitle: sql`${qaCalls.title}`,
  agentName: members.name,
  source: sql`${qaCalls.source}`,
  redCount,
  yellowCount,
};
const FIELD_KEYS = new Set<string>(QC_FIELDS.map((f) => f.fieldKey));

function unknownField(key: string): never {
  throw new AppError('VALIDATION', `Unknown field: ${key}`, {
    details: [{ path: 'fieldKey', message: `Unknown field: ${key}` }],
  });
}

const itemColumns = {
  item: qaItems,
  callTitle: qaCalls.title,
  source: qaCalls.source,
  agentName: members.name,
  redCount,
  yellowCount,
};

type ItemRow = {
  item: typeof qaItems.$inferSelect;
  callTitle: string;
  source: 'UPLOAD' | 'SESSION';
  agentName: string;
  redCount: number;
  yellowCount: number;
};

function baseQuery(ctx: AppContext) {
  return ctx.db
    .select(itemColumns)
    .from(qaItems)
    .innerJoin(qaCalls, eq(qaCalls.id, qaItems.callId))
    .innerJoin(members, eq(members.id, qaItems.agentMemberId))
    .$dynamic();
}

/** A reviewer as the contract names them. */
export const adminActor = (id: string | null, name: string | null): AnswerActor => ({
  kind: 'ADMIN',
  id,
  name,
});

/** An agent's coach account as the contract names it: full name, else e-mail; null once deleted. */
export function agentActor(
  id: string | null,
  user: { firstName: string; lastName: string; email: string } | null,
): AnswerActor {
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null;
  return { kind: 'AGENT', id, name };
}

/** The agents' latest acknowledgement or dispute of each answer of some items. */
async function agentResponsesOf(ctx: AppContext, itemIds: string[]) {
  const rows = await ctx.db
    .selectDistinctOn([qaAnswerEvents.itemId, qaAnswerEvents.questionId], {
      event: qaAnswerEvents,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(qaAnswerEvents)
    .leftJoin(users, eq(users.id, qaAnswerEvents.userId))
    .where(
      and(inArray(qaAnswerEvents.itemId, itemIds), inArray(qaAnswerEvents.kind, ['ACKNOWLEDGE', 'DISPUTE'])),
    )
    .orderBy(qaAnswerEvents.itemId, qaAnswerEvents.questionId, desc(qaAnswerEvents.seq));
  return new Map(
    rows.map(({ event, user }) => [
      `${event.itemId}|${event.questionId}`,
      {
        kind: event.kind as 'ACKNOWLEDGE' | 'DISPUTE',
        comment: event.comment,
        agent: agentActor(event.userId, user),
        at: event.createdAt.toISOString(),
      },
    ]),
  );
}

/** The bullets (answers) of some items, by item id, in the order the questions were made. */
async function bulletsOf(ctx: AppContext, items: ItemRow[]): Promise<Map<string, QcBullet[]>> {
  const out = new Map<string, QcBullet[]>(items.map((i) => [i.item.id, []]));
  if (items.length === 0) return out;
  const titles = new Map(items.map((i) => [i.item.id, { callId: i.item.callId, title: i.callTitle }]));
  const rows = await ctx.db
    .select({ answer: qaAnswers, question: qaQuestions, reviewerName: admins.name, disputeOpen })
    .from(qaAnswers)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
    .leftJoin(admins, eq(admins.id, qaAnswers.overriddenBy))
    .where(inArray(qaAnswers.itemId, [...out.keys()]))
    .orderBy(asc(qaQuestions.createdAt), asc(qaQuestions.id));
  const responses = await agentResponsesOf(ctx, [...out.keys()]);
  for (const { answer, question, reviewerName, disputeOpen: open } of rows) {
    const call = titles.get(answer.itemId)!;
    const effective = effectiveAnswer(answer);
    out.get(answer.itemId)!.push({
      questionId: question.id,
      presentationText: question.presentationText,
      questionText: question.questionText,
      isTrueGood: question.isTrueGood,
      flagLevel: effective.flagLevel,
      sessionCitations: answer.citations.map((c) => ({
        sessionId: call.callId,
        sessionDisplayName: call.title,
        start: c.start,
        end: c.end,
        citationTimeStrings: [timeRange(c.start, c.end)],
        lineIndexes: c.lineIndexes,
        quotes: c.quotes,
      })),
      answer: effective.answer,
      confidence: answer.confidence,
      needsReview: effective.needsReview,
      severity: question.severity,
      answeredBy: answer.answeredBy,
      review: {
        automatic: { answer: answer.answer, flagLevel: answer.flagLevel, needsReview: answer.needsReview },
        override:
          answer.overrideAnswer && answer.overriddenAt
            ? {
                answer: answer.overrideAnswer,
                reason: answer.overrideReason ?? '',
                reviewer: adminActor(answer.overriddenBy, reviewerName),
                at: answer.overriddenAt.toISOString(),
                confirmsAutomatic: answer.overrideAnswer === answer.answer,
              }
            : null,
        agentResponse: responses.get(`${answer.itemId}|${answer.questionId}`) ?? null,
        disputeOpen: Boolean(open),
      },
    });
  }
  return out;
}

function toItem(row: ItemRow, bullets: QcBullet[]): QcItem {
  const { item } = row;
  return {
    qcItemId: item.id,
    flagLevel: item.flagLevel,
    userIds: [item.agentMemberId],
    qcTimestamp: Math.floor(item.qcAt.getTime() / 1000),
    review: { isMarked: item.isReviewed },
    fields: {
      callTitle: row.callTitle,
      agentName: row.agentName,
      source: row.source,
      redCount: row.redCount,
      yellowCount: row.yellowCount,
    },
    fieldConfigs: [...QC_FIELDS],
    bullets,
    callId: item.callId,
  };
}

async function toItems(ctx: AppContext, rows: ItemRow[]) {
  const bullets = await bulletsOf(ctx, rows);
  return rows.map((r) => toItem(r, bullets.get(r.item.id) ?? []));
}

/** The organisation and the actor's agents, and a team when one is asked for (403/404 checked). */
async function scopeOf(ctx: AppContext, actor: OrgActor, teamId?: string): Promise<SQL | undefined> {
  if (teamId) await assertTeamAccess(ctx, actor, teamId);
  return and(
    eq(qaItems.orgId, actor.orgId),
    agentScope(ctx, actor, qaItems.agentMemberId),
    teamId ? agentInTeams(ctx, qaItems.agentMemberId, [teamId]) : undefined,
  );
}

/** Seconds since the epoch as a date; 400 past what a date can hold. */
function instant(seconds: number, path: string): Date {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) {
    throw new AppError('VALIDATION', `${path} is out of range`, {
      details: [{ path, message: 'Out of range' }],
    });
  }
  return date;
}

/**
 * Runs a read of items and their answers on one snapshot: an item's flag and its answers are written
 * in one transaction (re-answering), and separate statements could otherwise show the new answers
 * beside the old flag.
 */
function snapshot<T>(ctx: AppContext, read: (ctx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => read({ ...ctx, db: tx as unknown as Database }), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * The items of the calls a coach user is the agent of: those of their member identities (in any
 * organisation, archived ones left out). For queries joined to the agent's member (baseQuery).
 */
function ownItems(userId: string): SQL {
  return and(eq(members.userId, userId), eq(members.isArchived, false))!;
}

/** GET /api/qa/items */
export function listItems(ctx: AppContext, actor: OrgActor, query: ListQuery) {
  return snapshot(ctx, async (c) => listItemsIn(c, await scopeOf(c, actor, query.teamId), query));
}

/** GET /api/app-user/qa-items: the coach's own items as the calls' agent, newest first. */
export function listAgentItems(ctx: AppContext, userId: string, page: { limit: number; offset: number }) {
  return snapshot(ctx, (c) =>
    listItemsIn(c, ownItems(userId), { sort: 'timestamp', order: 'desc', ...page }),
  );
}

async function listItemsIn(ctx: AppContext, scope: SQL | undefined, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [scope];
  if (query.fromTime !== undefined) conditions.push(gte(qaItems.qcAt, instant(query.fromTime, 'fromTime')));
  if (query.toTime !== undefined) conditions.push(lte(qaItems.qcAt, instant(query.toTime, 'toTime')));
  if (query.userIds?.length) conditions.push(inArray(qaItems.agentMemberId, query.userIds));
  if (query.flagLevels?.length) conditions.push(inArray(qaItems.flagLevel, query.flagLevels));
  if (query.isReviewed !== undefined) conditions.push(eq(qaItems.isReviewed, query.isReviewed));
  if (query.hasOpenDispute !== undefined) {
    conditions.push(query.hasOpenDispute ? hasOpenDispute : sql`not ${hasOpenDispute}`);
  }
  for (const [key, values] of Object.entries(query.dynamicFields ?? {})) {
    if (!FIELD_KEYS.has(key)) unknownField(key);
    if (values.length === 0) continue;
    const column = FIELD_SQL[key as QcFieldKey];
    if (key === 'redCount' || key === 'yellowCount') {
      const numbers = values.map(Number).filter((n) => Number.isSafeInteger(n));
      conditions.push(numbers.length ? sql`${column} in ${numbers}` : sql`false`);
    } else {
      conditions.push(sql`${column} in ${values}`);
    }
  }
  const where = and(...conditions);

  const direction = query.order === 'asc' ? asc : desc;
  let primary: SQL;
  if (query.sort === 'timestamp') primary = direction(qaItems.qcAt);
  else if (query.sort === 'flagLevel') primary = direction(flagPriority);
  else if (query.sort === 'user') primary = direction(members.name);
  else {
    const key = query.sort.slice('field:'.length);
    if (!FIELD_KEYS.has(key)) unknownField(key);
    primary = direction(FIELD_SQL[key as QcFieldKey]);
  }
  const rows = await baseQuery(ctx)
    .where(where)
    .orderBy(primary, desc(qaItems.qcAt), desc(qaItems.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(qaItems)
    .innerJoin(qaCalls, eq(qaCalls.id, qaItems.callId))
    .innerJoin(members, eq(members.id, qaItems.agentMemberId))
    .where(where);
  return { items: await toItems(ctx, rows), totalItemCount: total };
}

/** Who reads one item: an admin in their scope, or a coach user as the call's agent. */
export type ItemReader = { admin: OrgActor } | { agentUserId: string; familyId?: string };

async function readerScope(ctx: AppContext, reader: ItemReader): Promise<SQL | undefined> {
  return 'admin' in reader ? scopeOf(ctx, reader.admin) : ownItems(reader.agentUserId);
}

async function itemRow(ctx: AppContext, reader: ItemReader, qcItemId: string): Promise<ItemRow> {
  const [row] = await baseQuery(ctx).where(and(eq(qaItems.id, qcItemId), await readerScope(ctx, reader)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** 404 unless the reader may see the item (another organisation's, a manager's other teams', not the agent's). */
export async function assertItemVisible(ctx: AppContext, reader: ItemReader, qcItemId: string) {
  await itemRow(ctx, reader, qcItemId);
}

/** One item as the list shows it (what a change to it answers). */
export async function itemFor(ctx: AppContext, reader: ItemReader, qcItemId: string): Promise<QcItem> {
  const [item] = await toItems(ctx, [await itemRow(ctx, reader, qcItemId)]);
  return item;
}

/**
 * GET /api/qa/items/{qcItemId} and GET /api/app-user/qa-items/{qcItemId}: the item with its call,
 * transcript and recording link (bound to the reader's sign-in).
 */
export function getItem(ctx: AppContext, reader: ItemReader, qcItemId: string): Promise<QcItemDetail> {
  return snapshot(ctx, (c) => getItemIn(c, reader, qcItemId));
}

async function getItemIn(ctx: AppContext, reader: ItemReader, qcItemId: string): Promise<QcItemDetail> {
  const row = await itemRow(ctx, reader, qcItemId);
  const [item] = await toItems(ctx, [row]);
  const [call] = await ctx.db
    .select({ call: qaCalls, agentEmail: members.email })
    .from(qaCalls)
    .innerJoin(members, eq(members.id, qaCalls.agentMemberId))
    .where(eq(qaCalls.id, row.item.callId));
  return {
    ...item,
    call: toCallDetail(
      ctx,
      { call: call.call, agentName: row.agentName, agentEmail: call.agentEmail, qcItemId },
      'admin' in reader ? reader.admin : reader,
    ),
  };
}

/** PUT /api/qa/items/{qcItemId}/review */
export async function reviewItem(ctx: AppContext, actor: OrgActor, qcItemId: string, isReviewed: boolean) {
  await assertItemVisible(ctx, { admin: actor }, qcItemId);
  await ctx.db
    .update(qaItems)
    .set({
      isReviewed,
      reviewedAt: isReviewed ? new Date() : null,
      reviewedBy: isReviewed ? actor.adminId : null,
      updatedAt: new Date(),
    })
    .where(eq(qaItems.id, qcItemId));
  return itemFor(ctx, { admin: actor }, qcItemId);
}

/**
 * GET /api/qa/fields/possible-values: the values the items in the actor's scope hold for each field
 * that supports possible values (sorted); a field without that support gets an empty list.
 */
export async function possibleValues(ctx: AppContext, actor: OrgActor, fieldKeys: string[]) {
  const values: Record<string, string[]> = {};
  const scope = await scopeOf(ctx, actor);
  for (const key of fieldKeys) {
    const config = QC_FIELDS.find((f) => f.fieldKey === key);
    if (!config) unknownField(key);
    if (!config.supportsPossibleValues) {
      values[key] = [];
      continue;
    }
    const column = FIELD_SQL[key as QcFieldKey];
    const rows = await ctx.db
      .selectDistinct({ value: sql<string>`${column}` })
      .from(qaItems)
      .innerJoin(qaCalls, eq(qaCalls.id, qaItems.callId))
      .innerJoin(members, eq(members.id, qaItems.agentMemberId))
      .where(scope);
    values[key] = rows.map((r) => String(r.value)).sort((a, b) => a.localeCompare(b));
  }
  return { values };
}

// ---------------------------------------------------------------------------------------------------
// GET /api/admin/qc-items (cursor paging, newest first)
// ---------------------------------------------------------------------------------------------------

/** Spec 3 §7.1: flagLevels default to red and yellow (the alerts). */
export function adminQcItems(ctx: AppContext, actor: OrgActor, query: AdminQcItemsQuery) {
  return snapshot(ctx, (c) => adminQcItemsIn(c, actor, query));
}

type AdminQcItemsQuery = {
  teamId?: string;
  flagLevels?: FlagLevel[];
  pageLimit: number;
  pageCursor?: string;
};

async function adminQcItemsIn(ctx: AppContext, actor: OrgActor, query: AdminQcItemsQuery) {
  const flags: FlagLevel[] = query.flagLevels?.length ? query.flagLevels : ['RED', 'YELLOW'];
  const where = and(await scopeOf(ctx, actor, query.teamId), inArray(qaItems.flagLevel, flags));
  const after = decodeCursor(query.pageCursor, 'pageCursor');
  const rows = await baseQuery(ctx)
    .where(and(where, afterKeyset(qaItems.qcAt, qaItems.id, after)))
    .orderBy(...newestFirst(qaItems.qcAt, qaItems.id))
    .limit(query.pageLimit + 1);
  const { page, nextCursor } = pageOf(rows, query.pageLimit, (row) => ({
    at: row.item.qcAt,
    id: row.item.id,
  }));
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(qaItems)
    .where(where);
  return {
    qcItems: await toItems(ctx, page),
    pageLastCursor: nextCursor,
    pageTotal: total,
  };
}
