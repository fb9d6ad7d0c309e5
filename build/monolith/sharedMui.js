// The bench's monolith (see runtime.js): no MUI is shared, each page's chunks bring what they use,
// so there is nothing to start early. Stands in for shell/src/remotes/sharedMui.ts in that build.
export function loadSharedMui() {
  return Promise.resolve();
}
