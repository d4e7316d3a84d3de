import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backUpImports, cycles, internalImports, LIMITS, moduleEdges, moduleOf } from './module-graph.ts';

/**
 * A small API source tree with three cycles (one over the real limit), a back-up import, and one module
 * (billing) with a face that one importer uses and another goes around.
 */
const root = mkdtempSync(join(tmpdir(), 'module-graph-'));
const files: Record<string, string> = {
  'app.ts': "import { a } from './modules/sessions/a.ts';",
  'lib/context.ts': "import type { Mailer } from '../providers/mail/mailer.ts';",
  'providers/mail/mailer.ts': "import { AppError } from '../../lib/app-error.ts';",
  'lib/app-error.ts': 'export class AppError {}',
  'modules/sessions/a.ts': "import { r } from '../reports/r.ts';\nimport { c } from '../../lib/context.ts';",
  'modules/reports/r.ts': "export { a } from '../sessions/a.ts';",
  'modules/reports/r.test.ts': "import { x } from '../../app.ts';",
  'modules/goals/g.ts': "import type { A } from '../sessions/a.ts';",
  'modules/training/t.ts': "import { c } from '../recruitment/c.ts';",
  'modules/recruitment/c.ts': "import { t } from '../training/t.ts';",
  'modules/billing/index.ts': "export { b } from './b.ts';",
  'modules/billing/b.ts': 'export const b = 1;',
  'modules/billing/b.test.ts': "import { a } from '../sessions/a.ts';",
  'modules/chat/c.ts':
    "import { b } from '../billing/index.ts';\nimport { b as internal } from '../billing/b.ts';",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('module graph', () => {
  it('names a feature by its folder and the top-level files "app"', () => {
    expect(moduleOf('modules/qa/answering/decision.ts')).toBe('modules/qa');
    expect(moduleOf('lib/context.ts')).toBe('lib');
    expect(moduleOf('server.ts')).toBe('app');
  });

  it('finds each group of modules that import one another round, type imports and re-exports too', () => {
    const edges = moduleEdges(root);
    expect(cycles(edges)).toEqual([
      ['lib', 'providers'],
      ['modules/recruitment', 'modules/training'],
      ['modules/reports', 'modules/sessions'],
    ]);
    // A test file's imports are not the module's.
    expect(edges.some((e) => e.file.endsWith('.test.ts'))).toBe(false);
  });

  it('lists the imports that go up the layers', () => {
    expect(backUpImports(moduleEdges(root)).map((e) => `${e.from} → ${e.to}`)).toEqual(['lib → providers']);
  });

  it("lists the imports into another module's files other than its index.ts", () => {
    expect(
      internalImports(moduleEdges(root))
        .map((e) => `${e.file} → ${e.specifier}`)
        .sort(),
    ).toEqual([
      'app.ts → ./modules/sessions/a.ts',
      'modules/chat/c.ts → ../billing/b.ts',
      'modules/goals/g.ts → ../sessions/a.ts',
      'modules/recruitment/c.ts → ../training/t.ts',
      'modules/reports/r.ts → ../sessions/a.ts',
      'modules/sessions/a.ts → ../reports/r.ts',
      'modules/training/t.ts → ../recruitment/c.ts',
    ]);
  });

  it('fails --check above its limits (the fixture has more cycles than allowed), saying where each cycle closes', () => {
    const run = (args: string[]) => {
      try {
        const stdout = execFileSync(
          process.execPath,
          ['--import', 'tsx', join(import.meta.dirname, 'module-graph.ts'), ...args],
          { env: { ...process.env, MODULE_GRAPH_ROOT: root }, encoding: 'utf8', stdio: 'pipe' },
        );
        return { status: 0, stdout };
      } catch (error) {
        return error as { status: number; stdout: string };
      }
    };
    const report = run([]);
    expect(report.status).toBe(0);
    const checked = run(['--check']);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain(`module cycles: 3 (limit ${LIMITS.cycles})`);
    expect(checked.stdout).toContain('modules/recruitment/c.ts → ../training/t.ts');
    expect(checked.stdout).toContain('lib/context.ts (lib) → ../providers/mail/mailer.ts (providers)');
    expect(checked.stdout).toContain(`internal imports: 7 (limit ${LIMITS.internalImports})`);
    expect(checked.stdout).toContain(
      'modules/chat/c.ts (modules/chat) → ../billing/b.ts (not modules/billing/index.ts)',
    );
  });
});
