// The bench's monolith (see runtime.js): no remote entry needs the shell's runtime-core. Stands in
// for @module-federation/inject-external-runtime-core-plugin in that build only.
export default function injectExternalRuntimeCore() {
  return { name: 'monolith-without-federation' };
}
