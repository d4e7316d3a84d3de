/**
 * How well the posterior evidence tells a reading of the text from a recording of something else
 * (issue 25, part 6), on the dev recordings: correct readings (calibration/cache-en-us-16k.json.gz)
 * against the same recordings aligned to another text, played backwards, or replaced by noise
 * (calibration/cache-mismatch-en-us-16k.json.gz). Prints, per candidate measure, its quantiles in
 * each group and the share of each group flagged at the threshold that flags a given share of the
 * correct readings.
 *
 *   npx tsx calibration/evaluate-mismatch.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { PhoneEvidence } from '../src/gop/posterior-features.ts';
import type { Alignment } from '../src/types.ts';
import { loadCache } from './cache.ts';

const here = dirname(fileURLToPath(import.meta.url));
const path = join(here, 'cache-mismatch-en-us-16k.json.gz');
if (!existsSync(path)) throw new Error(`${path} missing: run calibration/extract-mismatch.ts`);
const mm = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as {
  cases: { id: string; kind: string; text: string }[];
  alignments: Alignment[];
  evidence: (PhoneEvidence[] | null)[];
};
const good = loadCache('en-us-16k');

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Candidate utterance measures from the evidence. */
const MEASURES: Record<string, (ev: PhoneEvidence[], al: Alignment) => number> = {
  meanGopPost: (ev) => mean(ev.map((e) => e.gopPost)),
  meanLpp: (ev) => mean(ev.map((e) => e.lpp)),
  shareTop: (ev) => mean(ev.map((e) => (e.gopPost > -1 ? 1 : 0))),
  meanWordGopPost: (ev, al) => {
    let k = 0;
    return mean(
      al.words.map((w) => {
        const m = mean(ev.slice(k, k + w.phones.length).map((e) => e.gopPost));
        k += w.phones.length;
        return m;
      }),
    );
  },
};

const groups = new Map<string, Record<string, number[]>>();
const add = (group: string, ev: PhoneEvidence[] | null | undefined, al: Alignment) => {
  const g = groups.get(group) ?? Object.fromEntries(Object.keys(MEASURES).map((m) => [m, [] as number[]]));
  for (const [m, f] of Object.entries(MEASURES))
    g[m].push(ev && al.ok ? f(ev, al) : Number.NEGATIVE_INFINITY);
  groups.set(group, g);
};
for (const [id, al] of Object.entries(good.alignments)) add('correct', good.evidence?.[id], al);
mm.cases.forEach((c, i) => add(c.kind, mm.evidence[i], mm.alignments[i]));

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];
for (const m of Object.keys(MEASURES)) {
  console.log(`\n${m}`);
  for (const [g, v] of groups)
    console.log(
      `  ${g.padEnd(9)} n=${v[m].length}  p1 ${q(v[m], 0.01).toFixed(2)}  p10 ${q(v[m], 0.1).toFixed(2)}  median ${q(v[m], 0.5).toFixed(2)}  p90 ${q(v[m], 0.9).toFixed(2)}  p99 ${q(v[m], 0.99).toFixed(2)}`,
    );
  const correct = groups.get('correct')?.[m] ?? [];
  for (const share of [0.005, 0.01, 0.02]) {
    const t = q(correct, share);
    const rates = [...groups].map(
      ([g, v]) => `${g} ${((100 * v[m].filter((x) => x < t).length) / v[m].length).toFixed(1)} %`,
    );
    console.log(`  flagged below ${t.toFixed(2)} (${share * 100} % of correct): ${rates.join(', ')}`);
  }
}
