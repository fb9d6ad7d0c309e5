// The Redux Toolkit the shell provides to the page, as the shared singleton `@reduxjs/toolkit`: the
// part of it the dashboard's apps use. A shared module is not tree-shaken: the whole package (the
// listener and dynamic middleware, the entity adapter, async thunks, matchers, with what they bring
// of immer, reselect and redux) would load on every signed-in page. A remote's build fails when it
// imports a name that is not here (build/webpack.federation.cjs, SurfacePlugin): add it here, and
// the shell provides it from its next build.
export {
  combineSlices,
  configureStore,
  createAction,
  createReducer,
  createSlice,
} from '@reduxjs/toolkit';
