/** The web bench's servers, beside a developer's `npm start` and the e2e suite. */
export const BENCH_PORTS = { shell: 3300, remotes: 3301, api: 4300, monolith: 3310 } as const;
