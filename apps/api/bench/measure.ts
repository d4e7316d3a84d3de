/** Measuring helpers the hostile-input benchmarks share. */

/** Runs `work` while sampling the process's resident memory every 5 ms; growth over the start. */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<T & { growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { ...value, growthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** The p-quantile (0–1) of `xs`, nearest rank. */
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
