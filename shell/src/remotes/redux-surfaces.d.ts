// build/shared/redux-toolkit.js and build/shared/react-redux.js, which webpack resolves by these
// names: the parts of Redux Toolkit and react-redux the shell provides to the remotes (every name
// they export is the package's own).
declare module '@hostdash/redux-toolkit-surface' {
  export * from '@reduxjs/toolkit';
}
declare module '@hostdash/react-redux-surface' {
  export * from 'react-redux';
}
