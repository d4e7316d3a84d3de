import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { amendedBy, readRecord, readRecords, renderIndex } from './decisions-index.ts';

const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
writeFileSync(
  join(dir, '001-first.md'),
  '# 001 — First choice\n\nStatus: accepted (2026-01-01). Amended by 003.\n',
);
writeFileSync(
  join(dir, '002-second.md'),
  '# 002 Second | choice\n\nStatus: accepted.\nIssue 2.\n\n## Context\n',
);
writeFileSync(
  join(dir, '003-third.md'),
  '# 003 Third\n\nStatus: accepted (2026-01-03). Amends 002 (its per-\nday limit).\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runCheck = () => {
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'decisions-index.ts'), '--check'],
      {
        env: { ...process.env, DECISIONS_DIR: dir },
        stdio: 'pipe',
      },
    );
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
};

describe('decisions index', () => {
  it('reads the title without its number and the whole Status paragraph', () => {
    expect(readRecord('003-third.md', '# 003 Third\n\nStatus: accepted. Amends\n002.\n\nMore.')).toEqual({
      number: '003',
      file: '003-third.md',
      title: 'Third',
      status: 'accepted. Amends 002.',
    });
    expect(() => readRecord('004-x.md', '# 004 X\n\nNo status.')).toThrow('no "Status:" line');
  });

  it('says which later records amend each one, named on either side', () => {
    expect(Object.fromEntries(amendedBy(readRecords(dir)))).toEqual({
      '001': ['003'],
      '002': ['003'],
      '003': [],
    });
  });

  it('renders one row per record, pipes escaped and broken words joined', () => {
    const index = renderIndex(readRecords(dir));
    expect(index).toContain('| 002 | [Second \\| choice](002-second.md) | accepted. Issue 2. | 003 |');
    expect(index).toContain('Amends 002 (its per-day limit).');
  });

  it('fails --check until the index is written, then passes', () => {
    expect(runCheck()).toBe(1);
    writeFileSync(join(dir, 'README.md'), renderIndex(readRecords(dir)));
    expect(runCheck()).toBe(0);
  });
});
