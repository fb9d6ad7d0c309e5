// The libraries the shell provides to the page in part, each from a file of ours (build/shared/)
// that re-exports the names the dashboard's apps use: a shared module is not tree-shaken, so
// provided whole, every page would load all of it. Each with its shared key, its file, and the
// name the shell's code imports the file by (an alias, so that the file itself imports the
// package). Read by the webpack factory (aliases, SurfacePlugin) and by the jest preset (the same
// names mapped to the same files); no dependencies, so the preset stays light.
const path = require('node:path');

const SURFACES = [
  { shared: 'react-router', file: 'react-router.js', alias: '@hostdash/react-router-surface' },
  {
    shared: '@reduxjs/toolkit',
    file: 'redux-toolkit.js',
    alias: '@hostdash/redux-toolkit-surface',
  },
  { shared: 'react-redux', file: 'react-redux.js', alias: '@hostdash/react-redux-surface' },
].map((surface) => ({ ...surface, file: path.join(__dirname, 'shared', surface.file) }));

module.exports = { SURFACES };
