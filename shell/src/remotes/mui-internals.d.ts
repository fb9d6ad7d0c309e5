// build/shared/mui-internals.js, which webpack resolves by this name: namespaces of the modules of
// @mui/system and @mui/utils that MUI X imports by path. Only remotes read them (through their
// shims); the shell provides the module, its own code reads nothing from it.
declare module '@hostdash/mui-internals' {
  const namespaces: Record<string, Record<string, unknown>>;
  export = namespaces;
}
