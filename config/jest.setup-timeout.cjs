// `testTimeout` in a project's config is a global option: jest ignores it when the root config
// runs several projects (`npm run test:unit`). Setting it here, per test file, holds in both runs.
// Component tests type into real forms over real HTTP and the API's tests copy a real database;
// a busy 2-core CI machine needs room for both.
/* global jest -- the jest object each test file gets */
jest.setTimeout(typeof window === 'undefined' ? 30_000 : 20_000);
