#!/usr/bin/env node
// `npm run audit`: the lockfile's runtime dependencies (devDependencies left out) checked against the
// npm registry's advisory database with npm's own `npm audit`. Fails (exit 1) on a high or critical
// advisory and lists them. When the advisory service does not answer (a registry mirror without the
// advisories endpoint, no network), it says so plainly and exits 0 — nothing was checked — unless
// `--strict` asks for exit 2 then (an operator auditing before an upgrade).
import { spawnSync } from 'node:child_process';

const strict = process.argv.includes('--strict');
const FAILING = new Set(['high', 'critical']);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json', '--prefer-online'], {
  encoding: 'utf8',
  maxBuffer: 64 << 20,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

if (!report || report.error || report.statusCode || !report.metadata) {
  const why =
    report?.message ?? report?.error?.summary ?? (run.stderr.trim().split('\n').pop() || 'no answer');
  console.log(`npm audit: the advisory service could not be asked (${why}).`);
  console.log('No dependency audit was done. Run `npm run audit` where registry.npmjs.org answers.');
  process.exit(strict ? 2 : 0);
}

const counts = report.metadata.vulnerabilities ?? {};
const failing = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.has(v.severity));
console.log(
  `npm audit (runtime dependencies, ${report.metadata.dependencies?.prod ?? '?'} packages): ` +
    ['critical', 'high', 'moderate', 'low'].map((s) => `${counts[s] ?? 0} ${s}`).join(', '),
);
for (const v of failing) {
  const titles = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => via.title);
  const fix = v.fixAvailable ? 'fix available (npm audit fix)' : 'no fix yet';
  console.log(
    `  ${v.severity.padEnd(8)} ${v.name} ${v.range ?? ''}: ${titles.join('; ') || `via ${v.via.join(', ')}`} — ${fix}`,
  );
}
process.exit(failing.length > 0 ? 1 : 0);
