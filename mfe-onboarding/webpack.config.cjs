const { createFederatedConfig } = require('../config/webpack.federation.cjs');

module.exports = createFederatedConfig({
  name: 'onboarding',
  dir: __dirname,
  title: 'Hostdash onboarding (standalone)',
  exposes: { './feature': './src/feature.tsx' },
  devPort: 3015,
  // Alone, the remote talks to the API through the shell server (which holds the session cookie).
  devServer: {
    proxy: [{ context: ['/api'], target: process.env.SHELL_URL || 'http://localhost:3000' }],
  },
});
