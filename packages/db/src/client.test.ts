import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

/** Every file and folder under `dir` with its permission bits, e.g. `{ 'f600': 970, 'd700': 27 }`. */
function modes(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  add(`d${(statSync(dir).mode & 0o777).toString(8)}`);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    add(`${entry.isDirectory() ? 'd' : 'f'}${(statSync(path).mode & 0o777).toString(8)}`);
  }
  return counts;
}

describe('PGlite data folder', () => {
  it('is readable by its owner only after a fresh start (files 0600, folders 0700)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agaton-pglite-modes-'));
    const dir = join(root, 'pglite');
    const db = openDatabase({ pgliteDir: dir });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    try {
      const found = modes(dir);
      expect(Object.keys(found).sort()).toEqual(['d700', 'f600']);
      expect(found.f600).toBeGreaterThan(100);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
