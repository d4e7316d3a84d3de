/** Latency and error bookkeeping per endpoint, and the RSS samples of a process, for bench:soak. */

export interface Sample {
  ms: number;
  ok: boolean;
}

const pct = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : Number.NaN;

/** Counts, errors and latencies of every endpoint the load touches. */
export class EndpointStats {
  private readonly samples = new Map<string, Sample[]>();
  readonly errorBodies: string[] = [];

  record(endpoint: string, ms: number, ok: boolean, errorBody?: string) {
    const list = this.samples.get(endpoint) ?? [];
    list.push({ ms, ok });
    this.samples.set(endpoint, list);
    if (!ok) this.errorBodies.push(`${endpoint}: ${errorBody ?? ''}`.slice(0, 400));
  }

  get errors() {
    return [...this.samples.values()].flat().filter((s) => !s.ok).length;
  }

  get total() {
    return [...this.samples.values()].flat().length;
  }

  table(): string {
    const lines = [
      'endpoint                                   | count | errors | p50 ms | p95 ms | p99 ms',
      '-------------------------------------------|-------|--------|--------|--------|-------',
    ];
    for (const [endpoint, list] of [...this.samples.entries()].sort()) {
      const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
      const errors = list.filter((s) => !s.ok).length;
      lines.push(
        `${endpoint.padEnd(42)} | ${String(list.length).padStart(5)} | ${String(errors).padStart(6)} | ${pct(sorted, 0.5).toFixed(0).padStart(6)} | ${pct(sorted, 0.95).toFixed(0).padStart(6)} | ${pct(sorted, 0.99).toFixed(0).padStart(6)}`,
      );
    }
    return lines.join('\n');
  }
}

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Least-squares slope of MB over minutes. */
function slope(p: { minute: number; mb: number }[]): number {
  const n = p.length;
  const mx = p.reduce((a, b) => a + b.minute, 0) / n;
  const my = p.reduce((a, b) => a + b.mb, 0) / n;
  const sxy = p.reduce((a, b) => a + (b.minute - mx) * (b.mb - my), 0);
  const sxx = p.reduce((a, b) => a + (b.minute - mx) ** 2, 0);
  return sxx ? sxy / sxx : 0;
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

/**
 * RSS samples (minute, MB) of one process. Two slopes: over the whole run, and over its second half,
 * after models are loaded and caches filled; a leak keeps the second one up, a warm-up does not.
 */
export class RssSeries {
  readonly points: { minute: number; mb: number }[] = [];

  add(minute: number, mb: number) {
    if (mb > 0) this.points.push({ minute, mb });
  }

  summary(): string {
    const p = this.points;
    if (p.length < 4) return 'too few samples';
    const n = p.length;
    const half = p.filter((x) => x.minute >= p[n - 1].minute / 2);
    const max = Math.max(...p.map((x) => x.mb));
    return `first ${p[0].mb.toFixed(0)} MB, last ${p[n - 1].mb.toFixed(0)} MB, max ${max.toFixed(0)} MB, slope ${signed(slope(p))} MB/min, second half ${signed(slope(half))} MB/min (${n} samples)`;
  }
}
