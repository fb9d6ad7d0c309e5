// The bench's monolith (HOSTDASH_MONOLITH=1, build/webpack.federation.cjs): the shell built with
// every remote's code compiled in, to measure what federation costs. It stands in for
// `@module-federation/enhanced/runtime` in that build only: the federation instance loads
// `<remote>/<module>` with a plain `import()` of the workspace remote's module; registering
// remotes, shared modules and plugins does nothing. Never part of a product build.
import { modules } from './remoteModules.generated';

export { satisfy } from '@module-federation/runtime-core';

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
