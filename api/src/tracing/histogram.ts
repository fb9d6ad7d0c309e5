// The fixed histogram a span summary keeps per minute and operation: counts per duration bucket,
// so that percentiles over any window are computed from summed counts (percentiles themselves do
// not add up across minutes or API instances).

/** Upper bounds (ms) of the buckets; one more bucket holds everything slower than the last. */
export const DURATION_BUCKETS_MS = [
  1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000,
] as const;

export const BUCKET_COUNT = DURATION_BUCKETS_MS.length + 1;

export function bucketOf(durationMs: number): number {
  const index = DURATION_BUCKETS_MS.findIndex((bound) => durationMs <= bound);
  return index === -1 ? DURATION_BUCKETS_MS.length : index;
}

/**
 * The `fraction` percentile (0.5, 0.95) of a histogram: the upper bound of the bucket that holds
 * it, never more than the slowest span seen (`maxMs`, which also stands for the last, open bucket).
 */
export function percentileMs(buckets: readonly number[], fraction: number, maxMs: number): number {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.ceil(total * fraction);
  let seen = 0;
  for (const [index, count] of buckets.entries()) {
    seen += count;
    if (seen >= rank) return Math.min(DURATION_BUCKETS_MS[index] ?? maxMs, maxMs);
  }
  return maxMs;
}
