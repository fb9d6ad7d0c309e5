// The bench's monolith (HOSTDASH_MONOLITH=1, config/webpack.federation.cjs): the shell built with
// every remote's code compiled in, to measure what federation costs. It stands in for
// `@module-federation/enhanced/runtime` in that build only: the federation instance loads
// `<remote>/<module>` with a plain `import()` of the workspace remote's module; registering
// remotes, shared modules and plugins does nothing. Never part of a product build.
export { satisfy } from '@module-federation/runtime-core';

const modules = {
  'listings/feature': () => import('../../mfe-listings/src/feature'),
  'reservations/feature': () => import('../../mfe-reservations/src/feature'),
  'billing/feature': () => import('../../mfe-billing/src/feature'),
  'admin/feature': () => import('../../mfe-admin/src/feature'),
  'onboarding/feature': () => import('../../mfe-onboarding/src/feature'),
  'guestportal/feature': () => import('../../mfe-guestportal/src/feature'),
  'guestportal/screensWidget': () => import('../../mfe-guestportal/src/screensWidget'),
};

export function createInstance() {
  return {
    registerRemotes() {},
    registerPlugins() {},
    async loadRemote(id) {
      const load = modules[id];
      if (!load) throw new Error(`The monolith build has no module ${id}`);
      return load();
    },
  };
}
