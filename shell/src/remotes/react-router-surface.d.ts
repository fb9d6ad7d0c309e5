// build/shared/react-router.js, which webpack resolves by this name: the part of react-router the
// shell provides to the remotes (every name it exports is react-router's own).
declare module '@hostdash/react-router-surface' {
  export * from 'react-router';
}
