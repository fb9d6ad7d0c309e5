// The bench's monolith (see runtime.js): every remote is compiled in, so nothing is provided to a
// share scope. Stands in for shell/src/remotes/sharedModules.ts in that build only.
export function providedShared() {
  return {};
}
