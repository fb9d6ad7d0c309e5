// The remote's build: everything it needs to say is in its manifest (package.json `hostdash.remote`).
const { createRemoteConfig } = require('@hostdash/build/webpack');

module.exports = createRemoteConfig(__dirname);
