const { createFederatedConfig } = require('../config/webpack.federation.cjs');

module.exports = createFederatedConfig({
  name: 'admin',
  dir: __dirname,
  title: 'Hostdash admin (standalone)',
  exposes: { './feature': './src/feature.tsx' },
  devPort: 3014,
  // Alone, the remote talks to the API through the shell server (which holds the session cookie).
  devServer: {
    proxy: [{ context: ['/api'], target: process.env.SHELL_URL || 'http://localhost:3000' }],
  },
});
