/**
 * The web bench's servers, beside a developer's `npm start` and the e2e suite. `BENCH_PORT_OFFSET`
 * moves all four, so two checkouts can run their benches at once.
 */
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
export const BENCH_PORTS = {
  shell: 3300 + offset,
  remotes: 3301 + offset,
  api: 4300 + offset,
  monolith: 3310 + offset,
} as const;
