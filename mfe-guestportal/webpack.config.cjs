const { createFederatedConfig } = require('../config/webpack.federation.cjs');

const federated = createFederatedConfig({
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

// The guest page's messages are compiled to ICU AST at build time (src/guest/i18n): FormatJS's
// no-parser build leaves the ICU parser out of the page (docs/adr/0036-guest-languages.md).
const ICU_PARSER = '@formatjs/icu-messageformat-parser';
module.exports = (env, argv) => {
  const config = federated(env, argv);
  return {
    ...config,
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve.alias,
        [`${ICU_PARSER}$`]: require.resolve(`${ICU_PARSER}/no-parser.js`, {
          paths: [require.resolve('intl-messageformat')],
        }),
      },
    },
  };
};
