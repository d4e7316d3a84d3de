/**
 * `npm run -s modules` (and `npm run lint`): the API's module graph, measured, with limits that may only
 * fall (issue 29 item 2). A module is a folder of apps/api/src — `modules/<name>` for a feature, or
 * `lib`, `config`, `providers`, `jobs`, `plugins`, `seed`, `testing` — and the top-level files (app.ts,
 * server.ts, worker.ts, seed-cli.ts) are `app`. Every relative import of a production file counts,
 * type-only ones too (they tie the modules' meaning together just the same); tests and their helpers
 * do not.
 *
 * Reported:
 * - **cycles**: groups of modules that import one another round (strongly connected components);
 * - **back-up imports**: a file importing a module of a higher layer (LAYERS below: the foundations
 *   never import a feature, a feature never imports the app);
 * - **internal imports**: a file outside a feature module (`modules/<name>`) — another feature, the
 *   app, the seed, anything — importing one of its files other than its face, `modules/<name>/index.ts`
 *   (issue 29 item 2: each module exposes what others may use through one index.ts).
 *
 *   npm run -s modules             prints all three
 *   npm run -s modules -- --check  one line within the limits; above them all three, and exit 1
 *
 * MODULE_GRAPH_ROOT names another source folder (this script's own test).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Lower layers never import higher ones. */
export const LAYERS: Record<string, number> = {
  types: 0,
  config: 0,
  lib: 1,
  providers: 2,
  jobs: 2,
  plugins: 2,
  // modules/* are 3
  seed: 4,
  app: 5,
  // The test harness builds the whole app.
  testing: 6,
};
const FEATURE_LAYER = 3;

/**
 * The limits `--check` holds the code to; they may only fall (target: 0 cycles, at most 3 back-up
 * imports, 0 internal imports — 127 when the measure came, in issue 29).
 */
export const LIMITS = { cycles: 0, backUpImports: 0, internalImports: 0 };

const isTestFile = (path: string) => /\.(test|test-helper|fixture)\.[cm]?tsx?$|\.d\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.[cm]?tsx?$/.test(name) && !isTestFile(name) ? [path] : [];
  });
}

/** The module a file (relative to the source root) belongs to. */
export function moduleOf(file: string): string {
  const parts = file.split(sep);
  if (parts.length === 1) return 'app';
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0];
}

export const layerOf = (module: string) =>
  module.startsWith('modules/') ? FEATURE_LAYER : (LAYERS[module] ?? FEATURE_LAYER);

export interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
  /** The imported file, relative to the source root. */
  target: string;
}

/** Every import between two modules, read from the files under `root`. */
export function moduleEdges(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path);
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(path), specifier));
      if (target.startsWith('..')) continue;
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (from !== to) edges.push({ from, to, file, specifier, target });
    }
  }
  return edges;
}

/** Groups of two or more modules that reach one another (Tarjan's strongly connected components). */
export function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Imports from a lower layer into a higher one. */
export const backUpImports = (edges: Edge[]) => edges.filter((e) => layerOf(e.from) < layerOf(e.to));

/** The face of a feature module: the one file other modules may import. */
const faceOf = (module: string) => join(module, 'index.ts');

/** Imports into a feature module's files other than its face (index.ts), from outside the module. */
export const internalImports = (edges: Edge[]) =>
  edges.filter((e) => e.to.startsWith('modules/') && e.target !== faceOf(e.to));

/** The imports that close each cycle, so its report says where to cut. */
const cycleEdges = (group: string[], edges: Edge[]) =>
  edges.filter((e) => group.includes(e.from) && group.includes(e.to));

function main() {
  const root = resolve(
    process.env.MODULE_GRAPH_ROOT ?? fileURLToPath(new URL('../apps/api/src', import.meta.url)),
  );
  const check = process.argv.includes('--check');
  const edges = moduleEdges(root);
  const found = cycles(edges);
  const backUp = backUpImports(edges);
  const internal = internalImports(edges);

  const over =
    found.length > LIMITS.cycles ||
    backUp.length > LIMITS.backUpImports ||
    internal.length > LIMITS.internalImports;
  if (check && !over) {
    console.log(
      `module graph: ${found.length} cycles (limit ${LIMITS.cycles}), ${backUp.length} back-up imports (limit ${LIMITS.backUpImports}), ${internal.length} internal imports (limit ${LIMITS.internalImports})`,
    );
    return;
  }
  console.log(`module cycles: ${found.length} (limit ${LIMITS.cycles})`);
  for (const group of found) {
    console.log(`  {${group.join(', ')}}`);
    for (const e of cycleEdges(group, edges)) console.log(`    ${e.file} → ${e.specifier}`);
  }
  console.log(`back-up imports: ${backUp.length} (limit ${LIMITS.backUpImports})`);
  for (const e of backUp) console.log(`  ${e.file} (${e.from}) → ${e.specifier} (${e.to})`);
  console.log(`internal imports: ${internal.length} (limit ${LIMITS.internalImports})`);
  for (const e of internal) console.log(`  ${e.file} (${e.from}) → ${e.specifier} (not ${faceOf(e.to)})`);

  if (check && over) {
    console.error('The API module graph went over its limits (scripts/module-graph.ts): see above.');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
