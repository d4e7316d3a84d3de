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

/** Per word: mean posterior GOP over its phones; per utterance: the share of words below θ. */
function wordFits(ev: PhoneEvidence[], al: Alignment): number[] {
  let k = 0;
  return al.words.map((w) => {
    const m = mean(ev.slice(k, k + w.phones.length).map((e) => e.gopPost));
    k += w.phones.length;
    return m;
  });
}
const sets: { group: string; fits: number[] | null }[] = [
  ...Object.entries(good.alignments).map(([id, al]) => ({
    group: 'correct',
    fits: al.ok && good.evidence?.[id] ? wordFits(good.evidence[id], al) : null,
  })),
  ...mm.cases.map((c, i) => ({
    group: c.kind,
    fits:
      mm.alignments[i].ok && mm.evidence[i]
        ? wordFits(mm.evidence[i] as PhoneEvidence[], mm.alignments[i])
        : null,
  })),
];
console.log('\nwords below θ (posterior GOP per word) and readings with at least a share s of such words');
for (const theta of [-4, -4.5, -5, -5.5, -6]) {
  const correctWords = sets.filter((s) => s.group === 'correct' && s.fits).flatMap((s) => s.fits as number[]);
  const line = [
    `θ ${theta}: correct words flagged ${((100 * correctWords.filter((f) => f < theta).length) / correctWords.length).toFixed(2)} %`,
  ];
  for (const share of [0.34, 0.5, 0.67]) {
    const rate = (g: string) => {
      const xs = sets.filter((s) => s.group === g);
      const hit = xs.filter(
        (s) => !s.fits || s.fits.filter((f) => f < theta).length / s.fits.length >= share,
      );
      return `${g} ${((100 * hit.length) / xs.length).toFixed(1)}`;
    };
    line.push(`s ${share}: ${['correct', 'other', 'reversed', 'noise'].map(rate).join(' ')}`);
  }
  console.log(`  ${line.join(' | ')}`);
}

// A linear discriminant over several utterance measures, by speaker-disjoint 5-fold CV.
const stats = JSON.parse(readFileSync(join(here, 'params-en-us-16k.json'), 'utf8')).phoneStats as Record<
  string,
  { gopMean: number; gopStd: number }
>;
function features(ev: PhoneEvidence[], al: Alignment): number[] {
  const phones = al.words.flatMap((w) => w.phones);
  const g = ev.map((e) => e.gopPost).sort((a, b) => a - b);
  const gopN = phones.map((p) => (p.gop - (stats[p.phone]?.gopMean ?? -2)) / (stats[p.phone]?.gopStd ?? 2.5));
  return [
    mean(g),
    mean(ev.map((e) => e.lpp)),
    mean(ev.map((e) => (e.gopPost > -1 ? 1 : 0))),
    g[Math.floor(g.length * 0.25)],
    g[Math.floor(g.length * 0.5)],
    mean(ev.map((e) => e.silPost)),
    mean(gopN),
    mean(phones.map((p) => p.features.loopAgree ?? 0)),
    mean(phones.map((p) => p.features.lpp ?? 0)),
  ];
}
const { fitRidge, predictLinear } = await import('../src/scoring/linear.ts');
const rows: { speaker: string; group: string; x: number[] | null }[] = [
  ...Object.entries(good.alignments).map(([id, al]) => ({
    speaker: id.slice(0, 4),
    group: 'correct',
    x: al.ok && good.evidence?.[id] ? features(good.evidence[id], al) : null,
  })),
  ...mm.cases.map((c, i) => ({
    speaker: c.id.slice(0, 4),
    group: c.kind,
    x:
      mm.alignments[i].ok && mm.evidence[i]
        ? features(mm.evidence[i] as PhoneEvidence[], mm.alignments[i])
        : null,
  })),
];
const spk = [...new Set(rows.map((r) => r.speaker))].sort();
const foldOf = new Map(spk.map((s, i) => [s, i % 5]));
const score = new Map<(typeof rows)[number], number>();
for (let f = 0; f < 5; f++) {
  const tr = rows.filter((r) => r.x && foldOf.get(r.speaker) !== f);
  const m = fitRidge(
    tr.map((r) => r.x as number[]),
    tr.map((r) => (r.group === 'correct' ? 1 : 0)),
    3,
  );
  for (const r of rows.filter((r) => foldOf.get(r.speaker) === f))
    score.set(r, r.x ? predictLinear(m, r.x) : Number.NEGATIVE_INFINITY);
}
const correctScores = rows.filter((r) => r.group === 'correct').map((r) => score.get(r) as number);
console.log('\nlinear discriminant (held-out speakers):');
for (const share of [0.005, 0.01, 0.02]) {
  const t = q(correctScores, share);
  const rates = ['correct', 'other', 'reversed', 'noise'].map((g) => {
    const xs = rows.filter((r) => r.group === g);
    return `${g} ${((100 * xs.filter((r) => (score.get(r) as number) < t).length) / xs.length).toFixed(1)} %`;
  });
  console.log(`  at ${share * 100} % of correct flagged: ${rates.join(', ')}`);
}
