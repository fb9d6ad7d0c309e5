// The react-redux the shell provides to the page, as the shared singleton `react-redux`: the hooks
// and the Provider the dashboard's apps use, not the whole package (`connect` and its selector
// factories). A remote's build fails when it imports a name that is not here
// (build/webpack.federation.cjs, SurfacePlugin): add it here, and the shell provides it from its
// next build.
export { Provider, useDispatch, useSelector, useStore } from 'react-redux';
