/**
 * Smoke mode of every benchmark (the speech ones here and apps/api/bench, which imports this file):
 * `BENCH_SMOKE=1`, which `npm run bench:smoke` and so `.ci/run` set, makes a bench do the least work
 * that still runs every path it measures end to end, so a bench that no longer runs is noticed. Its
 * figures are printed as usual but are not comparable with a full run's.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` in a normal run, `small` in a smoke run. */
export const smokeOr = <T>(full: T, small: T): T => (SMOKE ? small : full);

/** In a smoke run, prints that it is one and what it leaves out (`cut`); nothing otherwise. */
export function announceSmoke(cut: string): void {
  if (SMOKE) console.log(`smoke run (BENCH_SMOKE=1): ${cut}; figures not comparable with a full run`);
}

/**
 * In a smoke run, the items of the first `speakers` speakers (by id): fits on a few speakers take
 * seconds where the whole dev set takes minutes. All items otherwise.
 */
export function smokeSpeakers<T>(items: T[], speakerOf: (item: T) => string, speakers: number): T[] {
  if (!SMOKE) return items;
  const kept = new Set([...new Set(items.map(speakerOf))].sort().slice(0, speakers));
  return items.filter((item) => kept.has(speakerOf(item)));
}
