import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { decodeCursor, encodeCursor, pageOf } from './keyset-page.ts';

const ID = '0b8e4a52-1d3f-4c55-9f1e-6a0c2b7d9e10';

describe('keyset pages', () => {
  it('reads back the time and id a cursor was made from; none for the first page', () => {
    const at = new Date('2026-11-29T10:00:00.123Z');
    expect(decodeCursor(encodeCursor(at, ID), 'cursor')).toEqual({ at, id: ID });
    expect(decodeCursor(undefined, 'cursor')).toBeNull();
    expect(decodeCursor('', 'cursor')).toBeNull();
  });

  it('refuses a cursor it did not make as a VALIDATION error naming the parameter', () => {
    for (const bad of ['not-a-cursor', Buffer.from('2026-11-29|not-a-uuid').toString('base64url')]) {
      const error = (() => {
        try {
          decodeCursor(bad, 'pageCursor');
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'pageCursor' }] });
    }
  });

  it('cuts limit + 1 rows to a page, with a cursor only when a row followed', () => {
    const rows = [1, 2, 3].map((n) => ({ n, at: new Date(Date.UTC(2026, 10, 29 - n)), id: ID }));
    const full = pageOf(rows, 2, (r) => r);
    expect(full.page.map((r) => r.n)).toEqual([1, 2]);
    expect(decodeCursor(full.nextCursor ?? undefined, 'cursor')).toEqual({ at: rows[1].at, id: ID });
    expect(pageOf(rows.slice(0, 2), 2, (r) => r).nextCursor).toBeNull();
  });
});
