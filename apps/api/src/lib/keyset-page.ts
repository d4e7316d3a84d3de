import { and, type Column, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { AppError } from './app-error.ts';
import { isUuid } from './ids.ts';

/**
 * Keyset paging, newest first by (time, id): a page ends with a cursor naming its last row, and the
 * next page is what sorts after it, so pages stay stable while new rows arrive (no offsets that shift).
 * Used by the sessions, the coaching reports and the assistant's QA items.
 */

/** Where a page ended: its last row's time and id. */
export interface Keyset {
  at: Date;
  id: string;
}

/** The opaque cursor of a row (base64url of its time and id). */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/**
 * The position a cursor names; none for the first page. A cursor this server did not make is a
 * VALIDATION error naming the query parameter (`field`).
 */
export function decodeCursor(cursor: string | undefined, field: string): Keyset | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(at.getTime())) {
    const message = 'The page cursor is not valid.';
    throw new AppError('VALIDATION', message, { details: [{ path: field, message }] });
  }
  return { at, id };
}

/** The rows after `after` in newest-first order (nothing to add for the first page). */
export function afterKeyset(time: Column, id: Column, after: Keyset | null): SQL | undefined {
  if (!after) return undefined;
  return or(lt(time, after.at), and(eq(time, after.at), lt(id, after.id)));
}

/** Newest first, the id breaking ties, as the cursors assume. */
export const newestFirst = (time: Column, id: Column) => [desc(time), desc(id)];

/**
 * One page from `limit + 1` rows fetched in newest-first order: the first `limit`, and the cursor of
 * the last of them when another row followed.
 */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => Keyset) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(keyOf(last).at, keyOf(last).id) : null;
  return { page, nextCursor };
}
