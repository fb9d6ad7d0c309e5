// build/shared/mui-more.js, which webpack resolves by this name: the part of MUI only some remotes
// use (tabs, switches, radios, steppers …). The shell provides the module to them; its own code
// reads nothing from it.
declare module '@hostdash/mui-more' {
  const components: Record<string, unknown>;
  export = components;
}
