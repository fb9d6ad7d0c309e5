// The scale tests (`*Scale.test.ts`) check that lists, deep pages, sorts, searches and stats give
// the right answers over a large account. `npm test` runs them at a size that takes seconds, where
// every code path they check (a page past the middle read backwards, a search's ranking, the kept
// counts) is taken all the same; `npm run bench:scale` runs the same files at the bench's size
// (50,000 listings, 100,000 reservations), which takes minutes: HOSTDASH_SCALE_TESTS=full.
export const SCALE_TESTS_ENV = 'HOSTDASH_SCALE_TESTS';

/** Whether this run is the full-size one (`npm run bench:scale`). */
export function fullScale(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env[SCALE_TESTS_ENV]?.trim().toLowerCase();
  if (raw && raw !== 'full' && raw !== 'small')
    throw new Error(`${SCALE_TESTS_ENV} must be full or small (got "${raw}")`);
  return raw === 'full';
}
