// `testTimeout` in a project's config is a global option: jest ignores it when the root config
// runs several projects (`npm run test:unit`). Setting it here, per test file, holds in both runs.
// Component tests type into real forms over real HTTP and the API's tests copy a real database;
// a busy 2-core CI machine needs room for both (a form test typing three fields took 6 s quiet and
// ran out of 20 s with two workers beside other builds).
/* global jest -- the jest object each test file gets */
jest.setTimeout(typeof window === 'undefined' ? 30_000 : 45_000);

// Testing Library's waitFor/findBy give up after 1 s by default: on a busy 2-core machine a page's
// first answer over real HTTP can take longer (a CI run failed a listings test that way, all of it
// passing alone). 5 s of patience costs nothing when the page is quick.
if (typeof window !== 'undefined') {
  require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
}
