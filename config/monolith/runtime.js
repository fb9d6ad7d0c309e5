// The bench's monolith (HOSTDASH_MONOLITH=1, config/webpack.federation.cjs): the shell built with
// every remote's code compiled in, to measure what federation costs. It stands in for
// `@module-federation/enhanced/runtime` in that build only: the federation instance loads
// `<remote>/feature` with a plain `import()` of the workspace remote's feature module; registering
// remotes, shared modules and plugins does nothing. Never part of a product build.
export { satisfy } from '@module-federation/runtime-core';

const features = {
  listings: () => import('../../mfe-listings/src/feature'),
  reservations: () => import('../../mfe-reservations/src/feature'),
  billing: () => import('../../mfe-billing/src/feature'),
  admin: () => import('../../mfe-admin/src/feature'),
  onboarding: () => import('../../mfe-onboarding/src/feature'),
};

export function createInstance() {
  return {
    registerRemotes() {},
    registerPlugins() {},
    async loadRemote(id) {
      const [remote] = id.split('/');
      const load = features[remote];
      if (!load) throw new Error(`The monolith build has no remote ${remote}`);
      return load();
    },
  };
}
