const { createFederatedConfig } = require('../config/webpack.federation.cjs');

module.exports = createFederatedConfig({
  name: 'guestportal',
  dir: __dirname,
  title: 'Hostdash guest portal (standalone)',
  exposes: {
    './feature': './src/feature.tsx',
    // The screens of one listing or reservation, embedded in their pages (docs/adr/0017-widgets.md).
    './screensWidget': './src/screensWidget.tsx',
    // The guest's own check-in portal, mounted by the shell's guest page (docs/adr/0018-guest-page.md).
    './guestPortal': './src/guest/portal.tsx',
  },
  devPort: 3016,
  // Alone, the remote talks to the API through the shell server (which holds the session cookie).
  devServer: {
    proxy: [{ context: ['/api'], target: process.env.SHELL_URL || 'http://localhost:3000' }],
  },
});
